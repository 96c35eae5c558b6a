-- Trigram similarity for part-number search (ADR 028). pg_trgm ships with PostgreSQL's contrib
-- and with PGlite (@electric-sql/pglite/contrib/pg_trgm, loaded where PGlite is opened).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
