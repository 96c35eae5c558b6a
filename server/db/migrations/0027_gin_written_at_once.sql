-- GIN indexes written at once instead of through a pending list that, without a vacuum, only grows (ADR 050).
-- Altered in place, not re-created, so that a large database is not locked while they are rebuilt;
-- what is pending already is then moved into each index.
ALTER INDEX "inquiries_vin_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "inquiries_vehicle_description_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "inquiries_workshop_reference_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "inquiry_lines_description_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "order_lines_description_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "part_numbers_number_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "trade_events_dealers_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list(indexrelid) FROM pg_index JOIN pg_class ON pg_class.oid = pg_index.indexrelid
  JOIN pg_am ON pg_am.oid = pg_class.relam WHERE pg_am.amname = 'gin';
