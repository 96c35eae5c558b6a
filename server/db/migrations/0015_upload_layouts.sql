CREATE TABLE "upload_layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"shape" text NOT NULL,
	"roles" text[] NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_layouts" ADD CONSTRAINT "upload_layouts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_layouts" ADD CONSTRAINT "upload_layouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_layouts" ADD CONSTRAINT "upload_layouts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_layouts_name_idx" ON "upload_layouts" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "upload_layouts_shape_idx" ON "upload_layouts" USING btree ("organisation_id","shape");