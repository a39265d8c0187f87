-- Caches (docs/decisions/027) hear of every committed change to the rows they were built from,
-- made by this process, another server process on the same database, or an operator's SQL: a
-- notification on one channel naming the table, or `table:uid` when the change is one account's.
-- PostgreSQL folds identical notifications of one transaction into one and sends them only if it
-- commits.

CREATE FUNCTION notify_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

-- TG_ARGV[0]: the column holding the account's uid.
CREATE FUNCTION notify_account_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('portal_data_changed', TG_TABLE_NAME || ':' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('portal_data_changed', TG_TABLE_NAME || ':' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END
$$;

-- An order's lines belong to the order's account.
CREATE FUNCTION notify_order_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line record;
BEGIN
  IF TG_OP = 'DELETE' THEN line := OLD; ELSE line := NEW; END IF;
  PERFORM pg_notify('portal_data_changed', 'orders:' || o.account_uid) FROM orders o WHERE o.id = line.order_id;
  RETURN NULL;
END
$$;

-- What the public reads are built from: the site's settings and languages, and the plans.
CREATE TRIGGER site_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
CREATE TRIGGER languages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON languages
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
CREATE TRIGGER plans_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plans
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
CREATE TRIGGER plan_texts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plan_texts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
CREATE TRIGGER plan_prices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plan_prices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
CREATE TRIGGER plan_benefits_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plan_benefits
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();

-- What the signed-in reads are built from: the account, its sessions (the session lookup, the
-- devices list), its entitlement and its orders. TRUNCATE has no rows, so it names the table.
CREATE TRIGGER accounts_changed AFTER UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_account_rows_changed('uid');
CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_account_rows_changed('account_uid');
CREATE TRIGGER entitlements_changed AFTER INSERT OR UPDATE OR DELETE ON entitlements
  FOR EACH ROW EXECUTE FUNCTION notify_account_rows_changed('account_uid');
CREATE TRIGGER orders_changed AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION notify_account_rows_changed('account_uid');
CREATE TRIGGER order_lines_changed AFTER INSERT OR UPDATE OR DELETE ON order_lines
  FOR EACH ROW EXECUTE FUNCTION notify_order_lines_changed();
CREATE TRIGGER accounts_truncated AFTER TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
CREATE TRIGGER entitlements_truncated AFTER TRUNCATE ON entitlements
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
CREATE TRIGGER orders_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
CREATE TRIGGER order_lines_truncated AFTER TRUNCATE ON order_lines
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
