CREATE TABLE "onboarding_credentials" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"workshop_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workshop_leads" ADD COLUMN "onboarding_step" text;--> statement-breakpoint
ALTER TABLE "onboarding_credentials" ADD CONSTRAINT "onboarding_credentials_lead_id_workshop_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."workshop_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_credentials" ADD CONSTRAINT "onboarding_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_credentials" ADD CONSTRAINT "onboarding_credentials_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_credentials_lead_idx" ON "onboarding_credentials" USING btree ("lead_id");--> statement-breakpoint
-- Leads registered before progress was recorded (ADR 015): a plain-mode workshop with no supplier
-- saved continues at master data without a DMS and at the suppliers with one; anything else
-- (suppliers saved, account-creation mode, already verified) counts as done.
UPDATE "workshop_leads" AS lead SET "onboarding_step" = CASE
	WHEN lead."status" = 'registered' AND lead."mode" = 'plain' AND EXISTS (
		SELECT 1 FROM "workshops" w WHERE w."lead_id" = lead."id" AND w."dms_id" IS NULL
			AND NOT EXISTS (SELECT 1 FROM "workshop_suppliers" s WHERE s."workshop_id" = w."id")
			AND NOT EXISTS (SELECT 1 FROM "workshop_additional_suppliers" a WHERE a."workshop_id" = w."id")
	) THEN 'master-data'
	WHEN lead."status" = 'registered' AND lead."mode" = 'plain' AND EXISTS (
		SELECT 1 FROM "workshops" w WHERE w."lead_id" = lead."id"
			AND NOT EXISTS (SELECT 1 FROM "workshop_suppliers" s WHERE s."workshop_id" = w."id")
			AND NOT EXISTS (SELECT 1 FROM "workshop_additional_suppliers" a WHERE a."workshop_id" = w."id")
	) THEN 'suppliers'
	ELSE 'done'
END
WHERE lead."status" IN ('registered', 'verified');
