ALTER TABLE "quote_lines" ADD COLUMN "alternative_part_number_normalised" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "inquiries_vehicle_type_idx" ON "inquiries" USING btree (left("vin", 8)) WHERE "inquiries"."vin" <> '';--> statement-breakpoint
CREATE INDEX "inquiries_hsn_tsn_idx" ON "inquiries" USING btree ("hsn","tsn") WHERE "inquiries"."hsn" <> '';--> statement-breakpoint
CREATE INDEX "inquiries_vin_trgm_idx" ON "inquiries" USING gin ("vin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_vehicle_description_trgm_idx" ON "inquiries" USING gin ("vehicle_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiry_lines_part_trgm_idx" ON "inquiry_lines" USING gin ("part_number_normalised" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_lines_part_idx" ON "order_lines" USING btree ("part_number_normalised");--> statement-breakpoint
CREATE INDEX "order_lines_part_trgm_idx" ON "order_lines" USING gin ("part_number_normalised" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quote_lines_alternative_trgm_idx" ON "quote_lines" USING gin ("alternative_part_number_normalised" gin_trgm_ops);