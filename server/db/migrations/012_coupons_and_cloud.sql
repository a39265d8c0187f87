-- Coupons and my cloud (docs/decisions/023).

-- ---- Coupons: which codes an account sees on /coupons ----
-- `listed`: offered to every account (shown on everyone's coupons page while active).
-- `account_uid`: a personal code, given to one account (the welcome code made at sign-up); no
-- other account can use it, or learn that it exists (it answers 9001 like an unknown code).
-- `per_account_limit`: how many paid orders of one account may carry the code (NULL: no limit;
-- 1 for welcome codes). Beyond it the code answers 9003 for that account.
ALTER TABLE discount_codes ADD COLUMN listed boolean NOT NULL DEFAULT false;
ALTER TABLE discount_codes ADD COLUMN account_uid bigint REFERENCES accounts (uid) ON DELETE CASCADE;
ALTER TABLE discount_codes ADD COLUMN per_account_limit integer CHECK (per_account_limit >= 1);
ALTER TABLE discount_codes ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE discount_codes ADD CONSTRAINT discount_codes_listed_or_personal CHECK (NOT (listed AND account_uid IS NOT NULL));
CREATE INDEX discount_codes_personal ON discount_codes (account_uid) WHERE account_uid IS NOT NULL;
CREATE INDEX discount_codes_listed ON discount_codes (code) WHERE listed;
-- The coupons page reads the codes an account's orders carried.
CREATE INDEX orders_account_code ON orders (account_uid, discount_code) WHERE discount_code IS NOT NULL;

-- ---- My cloud: network PVR recordings and each plan's storage ----
-- Hours of recordings a plan keeps in the cloud. Existing plans get the rule the demo catalogue
-- uses (20 h for one screen, 100 h for four or more); the operator edits the column afterwards.
ALTER TABLE plans ADD COLUMN cloud_hours integer NOT NULL DEFAULT 0 CHECK (cloud_hours >= 0);
UPDATE plans SET cloud_hours = CASE WHEN device_count >= 4 THEN 100 ELSE 20 END;

-- Recordings the TV app made for an account (the portal lists and deletes them; it never
-- records). A recording past `kept_until` no longer counts and is not listed.
CREATE TABLE cloud_recordings (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  account_uid bigint NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  channel_name text NOT NULL CHECK (length(channel_name) BETWEEN 1 AND 128),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 256),
  recorded_at timestamptz NOT NULL,
  duration_seconds integer NOT NULL CHECK (duration_seconds > 0),
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  kept_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kept_until > recorded_at)
);
CREATE INDEX cloud_recordings_account ON cloud_recordings (account_uid, recorded_at DESC, id);
