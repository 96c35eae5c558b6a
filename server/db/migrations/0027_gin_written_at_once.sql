-- GIN indexes written at once instead of through a pending list that only a vacuum empties (ADR 050).
DROP INDEX "inquiries_vin_trgm_idx";--> statement-breakpoint
DROP INDEX "inquiries_vehicle_description_trgm_idx";--> statement-breakpoint
DROP INDEX "inquiries_workshop_reference_trgm_idx";--> statement-breakpoint
DROP INDEX "inquiry_lines_description_trgm_idx";--> statement-breakpoint
DROP INDEX "order_lines_description_trgm_idx";--> statement-breakpoint
DROP INDEX "part_numbers_number_trgm_idx";--> statement-breakpoint
DROP INDEX "trade_events_dealers_idx";--> statement-breakpoint
CREATE INDEX "inquiries_vin_trgm_idx" ON "inquiries" USING gin ("vin" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "inquiries_vehicle_description_trgm_idx" ON "inquiries" USING gin ("vehicle_description" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "inquiries_workshop_reference_trgm_idx" ON "inquiries" USING gin ("workshop_reference" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "inquiry_lines_description_trgm_idx" ON "inquiry_lines" USING gin ("description" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "order_lines_description_trgm_idx" ON "order_lines" USING gin ("description" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "part_numbers_number_trgm_idx" ON "part_numbers" USING gin ("number" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "trade_events_dealers_idx" ON "trade_events" USING gin ("dealer_organisation_ids") WITH (fastupdate=off);