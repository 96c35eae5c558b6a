-- The normalised alternative part number of quotes given before it had a column (ADR 028): the
-- same rule as normalisePartNumber in common/contracts/trading.ts (compatibility-normalised,
-- upper case, letters and digits only).
UPDATE "quote_lines"
SET "alternative_part_number_normalised" = upper(regexp_replace(normalize("alternative_part_number", NFKC), '[^[:alnum:]]+', '', 'g'))
WHERE "alternative_part_number" <> '';
