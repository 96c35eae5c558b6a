ALTER TABLE "inquiry_recipients" ADD COLUMN "first_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promised_on" date;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "best_other_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "won" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "ordered_price_cents" integer;--> statement-breakpoint
CREATE INDEX "trade_events_first_answer_idx" ON "trade_events" USING btree ("entity_id","created_at") WHERE entity = 'recipient' and kind in ('recipient.answered', 'recipient.declined');--> statement-breakpoint
CREATE INDEX "trade_events_line_delivered_idx" ON "trade_events" USING btree ("entity_id","created_at") WHERE entity = 'line' and kind = 'line.delivered';--> statement-breakpoint
-- The facts of the rows that exist already: the statements of server/trade/dashboard-facts.ts, once.
UPDATE "order_lines" ol SET "promised_on" = coalesce(q.eta, (o.created_at at time zone 'Europe/Berlin')::date + case when q.availability = 'central_24h' then 1 else 0 end) FROM "orders" o, "quote_lines" q WHERE o.id = ol.order_id AND q.id = ol.quote_line_id AND ol.promised_on IS NULL;--> statement-breakpoint
UPDATE "order_lines" ol SET "best_other_price_cents" = best.price FROM (SELECT ol2.id, (SELECT min(q2.net_price_cents) FROM "inquiry_recipients" r2 JOIN "quote_lines" q2 ON q2.recipient_id = r2.id AND q2.inquiry_line_id = ol2.inquiry_line_id WHERE r2.inquiry_id = o.inquiry_id AND r2.id <> o.recipient_id AND r2.status = 'answered' AND q2.offered AND q2.net_price_cents IS NOT NULL AND q2.availability <> 'not_available') AS price FROM "order_lines" ol2 JOIN "orders" o ON o.id = ol2.order_id) best WHERE best.id = ol.id AND best.price IS NOT NULL;--> statement-breakpoint
UPDATE "quote_lines" q SET "won" = true FROM "order_lines" ol WHERE ol.quote_line_id = q.id;--> statement-breakpoint
UPDATE "quote_lines" q SET "ordered_price_cents" = ordered.price FROM (SELECT inquiry_line_id, min(net_price_cents) AS price FROM "order_lines" GROUP BY 1) ordered WHERE ordered.inquiry_line_id = q.inquiry_line_id;--> statement-breakpoint
UPDATE "inquiry_recipients" r SET "first_answered_at" = answer.at FROM (SELECT entity_id, min(created_at) AS at FROM "trade_events" WHERE entity = 'recipient' AND kind IN ('recipient.answered', 'recipient.declined') GROUP BY entity_id) answer WHERE answer.entity_id = r.id;--> statement-breakpoint
UPDATE "order_lines" ol SET "delivered_at" = delivery.at FROM (SELECT entity_id, min(created_at) AS at FROM "trade_events" WHERE entity = 'line' AND kind = 'line.delivered' GROUP BY entity_id) delivery WHERE delivery.entity_id = ol.id;
