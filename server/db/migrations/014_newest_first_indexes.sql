-- The order list and the account screen's last log-ins read an account's rows newest first with
-- `ORDER BY created_at DESC, id DESC LIMIT n`. With the tie-breaker in the index the rows come
-- out of it in order and the scan stops after n; without it, PostgreSQL sorted every row of the
-- account (the last log-ins: every session) before taking n (EXPLAIN in docs/decisions/027).
DROP INDEX orders_account_recent;
CREATE INDEX orders_account_recent ON orders (account_uid, created_at DESC, id DESC);
DROP INDEX sessions_account_recent;
CREATE INDEX sessions_account_recent ON sessions (account_uid, created_at DESC, id DESC);
