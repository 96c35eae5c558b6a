ALTER TABLE "users" ADD COLUMN "deactivated_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until this release only administrators could deactivate an account.
UPDATE "users" SET "deactivated_by_admin" = true WHERE "status" = 3;
