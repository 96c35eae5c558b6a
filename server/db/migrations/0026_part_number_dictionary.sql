CREATE TABLE "part_numbers" (
	"number" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "inquiry_lines_part_trgm_idx";--> statement-breakpoint
DROP INDEX "order_lines_part_trgm_idx";--> statement-breakpoint
DROP INDEX "quote_lines_alternative_trgm_idx";--> statement-breakpoint
CREATE INDEX "part_numbers_number_trgm_idx" ON "part_numbers" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiry_lines_description_trgm_idx" ON "inquiry_lines" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_lines_description_trgm_idx" ON "order_lines" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quote_lines_alternative_part_idx" ON "quote_lines" USING btree ("alternative_part_number_normalised");--> statement-breakpoint
-- The part-number dictionary (ADR 050) is kept by the database: every insert of a line, or change of
-- its number, adds the normalised number if it is new. Empty numbers (a line described only) are
-- not searched and not kept.
CREATE OR REPLACE FUNCTION "tp_remember_part_number"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  remembered text;
BEGIN
  IF TG_TABLE_NAME = 'quote_lines' THEN
    remembered := NEW.alternative_part_number_normalised;
  ELSE
    remembered := NEW.part_number_normalised;
  END IF;
  IF remembered <> '' THEN
    INSERT INTO "part_numbers" ("number") VALUES (remembered) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "inquiry_lines_remember_part_number" AFTER INSERT OR UPDATE OF "part_number_normalised" ON "inquiry_lines"
  FOR EACH ROW EXECUTE FUNCTION "tp_remember_part_number"();
--> statement-breakpoint
CREATE TRIGGER "quote_lines_remember_part_number" AFTER INSERT OR UPDATE OF "alternative_part_number_normalised" ON "quote_lines"
  FOR EACH ROW EXECUTE FUNCTION "tp_remember_part_number"();
--> statement-breakpoint
CREATE TRIGGER "order_lines_remember_part_number" AFTER INSERT OR UPDATE OF "part_number_normalised" ON "order_lines"
  FOR EACH ROW EXECUTE FUNCTION "tp_remember_part_number"();
--> statement-breakpoint
INSERT INTO "part_numbers" ("number")
  SELECT "part_number_normalised" FROM "inquiry_lines" WHERE "part_number_normalised" <> ''
  UNION SELECT "alternative_part_number_normalised" FROM "quote_lines" WHERE "alternative_part_number_normalised" <> ''
  UNION SELECT "part_number_normalised" FROM "order_lines" WHERE "part_number_normalised" <> ''
  ON CONFLICT DO NOTHING;
