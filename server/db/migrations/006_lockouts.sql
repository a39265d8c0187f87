-- Log-in lockouts (docs/decisions/006). Five failed log-ins of an account within 15 minutes lock
-- it; each lockout is a row, so a repeat within 24 hours can last longer than the one before.
-- In the database, so every process sees the same lock; keyed by account, never by address.
CREATE TABLE account_lockouts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_uid bigint NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  locked_at timestamptz NOT NULL,
  locked_until timestamptz NOT NULL CHECK (locked_until > locked_at)
);
CREATE INDEX account_lockouts_recent ON account_lockouts (account_uid, locked_until DESC);

-- Captchas live five minutes; creating one prunes the expired ones by this index.
CREATE INDEX captchas_expiry ON captchas (expires_at);

-- Rate limits count an account's recent codes and reset links across purposes.
CREATE INDEX verification_codes_account_created ON verification_codes (account_uid, created_at DESC);
