CREATE SEQUENCE "public"."part_dealers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "dealer_logos" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_profiles" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"lead_id" integer,
	"contact_email" text NOT NULL,
	"contact_number" text NOT NULL,
	"street" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"website" text,
	"tax_id" text NOT NULL,
	"brands_served" text[] NOT NULL,
	"delivery_area" text NOT NULL,
	"opening_hours" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_profiles_lead_id_unique" UNIQUE("lead_id")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "part_dealers" ALTER COLUMN "id" SET DEFAULT nextval('part_dealers_id_seq');--> statement-breakpoint
ALTER TABLE "part_dealers" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "workshop_suppliers" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "workshop_suppliers" ADD COLUMN "status" text DEFAULT 'requested' NOT NULL;--> statement-breakpoint
ALTER TABLE "workshop_suppliers" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "workshop_suppliers" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "workshop_suppliers" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workshop_suppliers" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "workshop_suppliers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
-- ADR 022 moves existing data forward. An account-creation-mode lead registered an account but no
-- workshop; it gets its workshop now, so every workshop person belongs to one.
INSERT INTO "workshops" ("name", "lead_id", "owner_user_id", "created_at")
	SELECT l."workshop_account_name", l."id", l."user_id", l."created_at" FROM "workshop_leads" l
	WHERE l."mode" = 'account-creation' AND l."user_id" IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM "workshops" w WHERE w."lead_id" = l."id");--> statement-breakpoint
-- Every workshop becomes a workshop organisation with the same id, its owner a workshop_user of it.
INSERT INTO "organisations" ("id", "kind", "name", "created_at")
	SELECT "id", 'workshop', "name", "created_at" FROM "workshops";--> statement-breakpoint
UPDATE "workshops" SET "organisation_id" = "id";--> statement-breakpoint
UPDATE "users" u SET "role" = 'workshop_user', "organisation_id" = w."organisation_id"
	FROM "workshops" w WHERE w."owner_user_id" = u."id" AND u."role" = 'user';--> statement-breakpoint
-- Every verified dealer registration becomes a dealer organisation with its company data, and joins
-- the dealers workshops can choose. Its contact person is not invited here: the administrators'
-- organisation screen shows a dealer without users and invites one with a click.
INSERT INTO "organisations" ("id", "kind", "name", "created_at")
	SELECT base."id" + l."id", 'dealer', l."company_name", coalesce(l."reviewed_at", l."created_at")
	FROM "part_dealer_leads" l, (SELECT coalesce(max("id"), 0) AS "id" FROM "organisations") base
	WHERE l."status" = 'VERIFIED';--> statement-breakpoint
INSERT INTO "dealer_profiles" ("organisation_id", "lead_id", "contact_email", "contact_number", "street",
		"postcode", "city", "country", "website", "tax_id", "brands_served", "delivery_area")
	SELECT o."id", l."id", l."email", l."contact_number", l."street", l."postcode", l."city", l."country",
		l."website", l."tax_id", l."brands_served", l."delivery_area"
	FROM "part_dealer_leads" l
	JOIN "organisations" o ON o."kind" = 'dealer'
		AND o."id" = (SELECT coalesce(max("id"), 0) FROM "organisations" WHERE "kind" = 'workshop') + l."id"
	WHERE l."status" = 'VERIFIED';--> statement-breakpoint
INSERT INTO "part_dealers" ("name", "organisation_id")
	SELECT "name", "id" FROM "organisations" WHERE "kind" = 'dealer' ORDER BY "id";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('organisations', 'id'), coalesce((SELECT max("id") FROM "organisations"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "workshops" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_logos" ADD CONSTRAINT "dealer_logos_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_profiles" ADD CONSTRAINT "dealer_profiles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_profiles" ADD CONSTRAINT "dealer_profiles_lead_id_part_dealer_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."part_dealer_leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisations_kind_idx" ON "organisations" USING btree ("kind","name");--> statement-breakpoint
ALTER TABLE "part_dealers" ADD CONSTRAINT "part_dealers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_suppliers" ADD CONSTRAINT "workshop_suppliers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_organisation_idx" ON "users" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "workshop_suppliers_dealer_idx" ON "workshop_suppliers" USING btree ("part_dealer_id","status");--> statement-breakpoint
ALTER TABLE "part_dealers" ADD CONSTRAINT "part_dealers_organisation_id_unique" UNIQUE("organisation_id");--> statement-breakpoint
ALTER TABLE "workshop_suppliers" ADD CONSTRAINT "workshop_suppliers_id_unique" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_organisation_id_unique" UNIQUE("organisation_id");