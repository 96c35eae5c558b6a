CREATE TABLE "part_dealer_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company_name" text NOT NULL,
	"email" text NOT NULL,
	"contact_number" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"postcode" text NOT NULL,
	"country" text NOT NULL,
	"website" text,
	"steerer" text,
	"brands_served" text[] NOT NULL,
	"delivery_area" text NOT NULL,
	"tax_id" text NOT NULL,
	"status" text DEFAULT 'UNVERIFIED' NOT NULL,
	"locale" text DEFAULT 'de' NOT NULL,
	"reviewer_id" integer,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "part_dealer_leads" ADD CONSTRAINT "part_dealer_leads_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "part_dealer_leads_status_idx" ON "part_dealer_leads" USING btree ("status","created_at");