-- Turning auto-renewal off asks why (docs/decisions/057): each answer is kept for the product
-- owner's count (`npm run report:cancellations`), with the retention offer shown and whether the
-- customer took it. The free text of "other" is the customer's own words: at most 500 characters.
CREATE TABLE cancellation_reasons (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_uid bigint NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('too_expensive', 'not_using', 'missing_content', 'technical', 'switching', 'other')),
  other_text text CHECK (other_text IS NULL OR char_length(other_text) <= 500),
  offer_kind text CHECK (offer_kind IN ('discount', 'pause')),
  -- The discount's percent or the pause's months.
  offer_value integer CHECK (offer_value BETWEEN 1 AND 100),
  outcome text NOT NULL CHECK (outcome IN ('cancelled', 'offer_accepted')),
  created_at timestamptz NOT NULL
);
CREATE INDEX cancellation_reasons_account_recent ON cancellation_reasons (account_uid, created_at DESC);

-- An accepted discount waits for the next renewal. It is bound to each renewal order tried and
-- spent only when one of them is paid, so a declined renewal's retry keeps it.
CREATE TABLE retention_discounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_uid bigint NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  percent integer NOT NULL CHECK (percent BETWEEN 1 AND 100),
  order_id text REFERENCES orders (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX retention_discounts_account ON retention_discounts (account_uid, id);
