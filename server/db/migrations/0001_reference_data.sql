-- Reference data for the onboarding wizard (architecture.md: seeded by migration, not in views).
-- Garage-management systems used by independent German workshops; 9999 is "Anderes" (spec §9).
INSERT INTO "dms_systems" ("id", "name") VALUES
  (1, 'WERBAS'),
  (2, 'Loco-Soft'),
  (3, 'CDK Global Autoline'),
  (4, 'incadea'),
  (5, 'MOTIONDATA VECTOR'),
  (6, 'GDI Werkstattsoftware'),
  (7, 'KfzWeb'),
  (8, 'Carmen (AutoWerkstatt-Software)'),
  (9999, 'Anderes')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Part dealers offered in the wizard's supplier grid; logos are files shipped in public/logos.
INSERT INTO "part_dealers" ("id", "name", "logo_url") VALUES
  (1, 'WM SE', '/logos/part-dealers/wm.svg'),
  (2, 'Stahlgruber', '/logos/part-dealers/stahlgruber.svg'),
  (3, 'PV Automotive', '/logos/part-dealers/pv-automotive.svg'),
  (4, 'Matthies', '/logos/part-dealers/matthies.svg'),
  (5, 'Coparts', '/logos/part-dealers/coparts.svg'),
  (6, 'Trost Auto Service Technik', '/logos/part-dealers/trost.svg'),
  (7, 'Autoteile Post', '/logos/part-dealers/autoteile-post.svg'),
  (8, 'Hess Autoteile', '/logos/part-dealers/hess.svg')
ON CONFLICT ("id") DO NOTHING;
