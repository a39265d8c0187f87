-- Token log-in from the TV and mobile apps (docs/decisions/007): each loginId opens at most one
-- session. A row only has to outlive its token (at most 5 minutes), so expired rows are pruned.
CREATE TABLE sso_logins (
  login_id text PRIMARY KEY,
  account_uid bigint REFERENCES accounts (uid) ON DELETE CASCADE,
  used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sso_logins_expiry ON sso_logins (expires_at);

-- Fixed-window request counters for the anonymous calls of the account slice (tracking reports,
-- captcha verification, the upgrade-reset lookup). In the database so every process agrees.
CREATE TABLE request_counters (
  bucket text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (bucket, key, window_start)
);
CREATE INDEX request_counters_window ON request_counters (window_start);

-- Reports come in bulk; the account screen never reads them, analysts read them by time.
CREATE INDEX tracking_events_created ON tracking_events (created_at);
