CREATE TABLE "punch_ins" (
	"jti" text PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"api_key_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"return_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "punch_ins" ADD CONSTRAINT "punch_ins_jti_one_time_tokens_jti_fk" FOREIGN KEY ("jti") REFERENCES "public"."one_time_tokens"("jti") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_ins" ADD CONSTRAINT "punch_ins_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_ins" ADD CONSTRAINT "punch_ins_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "punch_ins_organisation_idx" ON "punch_ins" USING btree ("organisation_id","created_at");