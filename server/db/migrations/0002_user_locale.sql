ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status");