-- The banners join the tables whose changes are announced (migration 013, docs/decisions/027): the
-- web app's HTML names each first screen's first banner (docs/decisions/030), kept until a banner
-- changes or a validity window opens or closes.
CREATE TRIGGER banners_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
