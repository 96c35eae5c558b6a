CREATE TABLE "trade_event_readers" (
	"organisation_id" integer NOT NULL,
	"position" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	CONSTRAINT "trade_event_readers_organisation_id_position_pk" PRIMARY KEY("organisation_id","position")
);
--> statement-breakpoint
ALTER TABLE "trade_event_readers" ADD CONSTRAINT "trade_event_readers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_event_readers" ADD CONSTRAINT "trade_event_readers_event_id_trade_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."trade_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_event_readers_event_idx" ON "trade_event_readers" USING btree ("event_id","organisation_id");--> statement-breakpoint
-- Backfill (ADR 045): every existing event gets a position for each organisation that may read it
-- (its workshop and the dealers listed on it), numbered 1, 2, 3 … per organisation in log order.
INSERT INTO "trade_event_readers" ("organisation_id", "position", "event_id")
SELECT "organisation_id", row_number() OVER (PARTITION BY "organisation_id" ORDER BY "event_id"), "event_id"
FROM (
	SELECT "id" AS "event_id", "workshop_organisation_id" AS "organisation_id" FROM "trade_events"
	UNION
	SELECT "id", unnest("dealer_organisation_ids") FROM "trade_events"
) AS "audience";
