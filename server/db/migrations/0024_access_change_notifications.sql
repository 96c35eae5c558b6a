-- Access changes (ADR 043): every change that can end or narrow what a session or an API key may do
-- is announced on the channel `access_changed`, from the database itself, so no write path can forget
-- it and every process hears it (PostgreSQL LISTEN; PGlite's listen in the one process). pg_notify is
-- delivered at commit: a rolled-back change is never announced. Payloads: `session:<id hash>`,
-- `user:<id>`, `organisation:<id>`, `api_key:<id>`.
CREATE OR REPLACE FUNCTION "tp_announce_access_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('access_changed', 'session:' || changed.id_hash);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('access_changed', 'user:' || changed.id);
  ELSIF TG_TABLE_NAME = 'organisations' THEN
    PERFORM pg_notify('access_changed', 'organisation:' || changed.id);
  ELSIF TG_TABLE_NAME = 'api_keys' THEN
    PERFORM pg_notify('access_changed', 'api_key:' || changed.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_access_changed" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "tp_announce_access_change"();
--> statement-breakpoint
CREATE TRIGGER "users_access_changed" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "tp_announce_access_change"();
--> statement-breakpoint
CREATE TRIGGER "users_access_removed" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "tp_announce_access_change"();
--> statement-breakpoint
CREATE TRIGGER "organisations_access_changed" AFTER UPDATE ON "organisations"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "tp_announce_access_change"();
--> statement-breakpoint
CREATE TRIGGER "organisations_access_removed" AFTER DELETE ON "organisations"
  FOR EACH ROW EXECUTE FUNCTION "tp_announce_access_change"();
--> statement-breakpoint
-- last_used_at is touched once a minute by a busy key; only what changes the key's power is announced.
CREATE TRIGGER "api_keys_access_changed" AFTER UPDATE ON "api_keys"
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.created_by IS DISTINCT FROM NEW.created_by
    OR OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  EXECUTE FUNCTION "tp_announce_access_change"();
--> statement-breakpoint
CREATE TRIGGER "api_keys_access_removed" AFTER DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION "tp_announce_access_change"();
