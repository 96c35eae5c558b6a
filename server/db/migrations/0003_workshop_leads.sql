CREATE TABLE "workshop_additional_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"workshop_id" integer NOT NULL,
	"name" text NOT NULL,
	"customer_number" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workshop_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"workshop_account_name" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"locale" text DEFAULT 'de' NOT NULL,
	"reviewer_id" integer,
	"review_note" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workshop_suppliers" (
	"workshop_id" integer NOT NULL,
	"part_dealer_id" integer NOT NULL,
	"customer_number" text NOT NULL,
	CONSTRAINT "workshop_suppliers_workshop_id_part_dealer_id_pk" PRIMARY KEY("workshop_id","part_dealer_id")
);
--> statement-breakpoint
CREATE TABLE "workshops" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"lead_id" integer,
	"owner_user_id" integer NOT NULL,
	"dms_id" integer,
	"dms_account_id" text,
	"additional_dms_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workshop_additional_suppliers" ADD CONSTRAINT "workshop_additional_suppliers_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_leads" ADD CONSTRAINT "workshop_leads_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_leads" ADD CONSTRAINT "workshop_leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_suppliers" ADD CONSTRAINT "workshop_suppliers_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_suppliers" ADD CONSTRAINT "workshop_suppliers_part_dealer_id_part_dealers_id_fk" FOREIGN KEY ("part_dealer_id") REFERENCES "public"."part_dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_lead_id_workshop_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."workshop_leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_dms_id_dms_systems_id_fk" FOREIGN KEY ("dms_id") REFERENCES "public"."dms_systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workshop_leads_status_idx" ON "workshop_leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_leads_open_email_unique" ON "workshop_leads" USING btree ("email") WHERE status in ('requested', 'approved');