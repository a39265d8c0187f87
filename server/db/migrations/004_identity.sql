-- Identity: sessions, log-in failures, one-time codes and links, captchas, the mail/SMS outbox,
-- tracking events and what an account is entitled to. Secrets (tokens, codes, captcha answers)
-- are stored only as hashes; outbox bodies that carry a code or link are sealed (AES-256-GCM).

ALTER TABLE accounts
  ADD COLUMN google_sub text UNIQUE,
  ADD COLUMN login_app boolean NOT NULL DEFAULT false,
  ADD COLUMN terms_accepted_at timestamptz;

-- What a paid order gave the account; the billing issue writes it.
CREATE TABLE entitlements (
  account_uid bigint PRIMARY KEY REFERENCES accounts (uid) ON DELETE CASCADE,
  plan_id integer NOT NULL REFERENCES plans (id),
  device_count integer NOT NULL CHECK (device_count >= 1),
  expires_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- SHA-256 of the 32 random bytes handed to the client; the token itself is never stored.
  token_hash bytea NOT NULL UNIQUE,
  account_uid bigint NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  login_type text NOT NULL CHECK (login_type IN ('password', 'code', 'token', 'google')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('logout', 'password_changed', 'password_reset', 'blocked')),
  scene text NOT NULL CHECK (scene IN ('WEB', 'STB', 'APP')),
  client_type text NOT NULL CHECK (client_type IN ('WEB', 'WAP')),
  device text NOT NULL,
  model text NOT NULL,
  ip text NOT NULL,
  fingerprint text
);
CREATE INDEX sessions_account_recent ON sessions (account_uid, created_at DESC);

-- Failed log-ins per account, counted over a window; in the database so every process agrees.
CREATE TABLE auth_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_uid bigint NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('password', 'code')),
  failed_at timestamptz NOT NULL,
  ip text NOT NULL
);
CREATE INDEX auth_failures_account_recent ON auth_failures (account_uid, failed_at DESC);

-- 4-digit codes by email or SMS: bound to an account and a purpose, hashed, few guesses, short life.
CREATE TABLE verification_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_uid bigint NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('login', 'resetPassword')),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX verification_codes_account_recent ON verification_codes (account_uid, purpose, created_at DESC);

-- Single-use links sent by email: confirmation, password reset, binding an email to a phone account.
CREATE TABLE email_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE,
  purpose text NOT NULL CHECK (purpose IN ('confirm', 'resetPassword', 'bindEmail')),
  account_uid bigint NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_tokens_account ON email_tokens (account_uid, purpose, created_at DESC);

CREATE TABLE captchas (
  id text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('login', 'signup', 'sendCode', 'resetPassword')),
  answer_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Every email and SMS goes through here. `sealed` holds the rendered message encrypted with the
-- server secret; it is cleared once delivered, so a sent code or link does not linger.
CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_uid bigint REFERENCES accounts (uid) ON DELETE SET NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL,
  template text NOT NULL,
  lang text NOT NULL,
  sealed text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_pending ON outbox (created_at) WHERE sent_at IS NULL;

-- One server secret shared by every process when APP_SECRET is not configured (development only).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tracking_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL CHECK (event_id IN (1, 3, 5)),
  page_id integer NOT NULL CHECK (page_id BETWEEN 1 AND 17),
  ver_code text NOT NULL,
  account_uid bigint REFERENCES accounts (uid) ON DELETE SET NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
