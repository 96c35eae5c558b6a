CREATE TABLE "claim_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"workshop_organisation_id" integer NOT NULL,
	"insurer_organisation_id" integer NOT NULL,
	"claim_number" text NOT NULL,
	"shared_by" integer NOT NULL,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_by" integer,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "claim_shares" ADD CONSTRAINT "claim_shares_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_shares" ADD CONSTRAINT "claim_shares_workshop_organisation_id_organisations_id_fk" FOREIGN KEY ("workshop_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_shares" ADD CONSTRAINT "claim_shares_insurer_organisation_id_organisations_id_fk" FOREIGN KEY ("insurer_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_shares" ADD CONSTRAINT "claim_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_shares" ADD CONSTRAINT "claim_shares_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_shares_current_unique" ON "claim_shares" USING btree ("order_id") WHERE withdrawn_at is null;--> statement-breakpoint
CREATE INDEX "claim_shares_insurer_idx" ON "claim_shares" USING btree ("insurer_organisation_id","shared_at") WHERE withdrawn_at is null;