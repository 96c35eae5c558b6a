ALTER TABLE "inquiries" ADD COLUMN "workshop_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handover" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "inquiries_workshop_reference_trgm_idx" ON "inquiries" USING gin ("workshop_reference" gin_trgm_ops);