-- Orders and card payments (docs/decisions/009): what an order's payment gave, reminders, the card
-- customer of the browser-tokenisation flow, and the sandbox card network's own side.

-- The service period a paid order gave (the receipt and GET /api/bill/service/v1/{id}).
ALTER TABLE orders
  ADD COLUMN service_start timestamptz,
  ADD COLUMN service_end timestamptz,
  -- The last payment reminder (POST /api/bill/order/remind/v1), one per order per minute.
  ADD COLUMN reminded_at timestamptz;

-- The account's customer at the card provider (UseePay-style: create a customer, tokenise the
-- card in the browser, confirm). The provider keeps the payer's details; the portal only the id.
CREATE TABLE payment_customers (
  account_uid bigint NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  provider text NOT NULL,
  customer_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (account_uid, provider)
);

-- ---- The sandbox card network (it plays the card network and the gateway's vault) ----
-- Nothing here belongs to the portal: a real gateway keeps these on its side. The full number
-- and the security code are never kept, here or anywhere: a token maps to the outcome the
-- sandbox decided for the test number it was minted from, and to what a person recognises.
CREATE TABLE sandbox_card_tokens (
  token text PRIMARY KEY,
  -- 'approved', or the decline code the original test number always gives.
  outcome text NOT NULL CHECK (outcome IN ('approved', 'declined')),
  decline_code integer,
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL,
  holder text NOT NULL,
  -- The sandbox customer the token was attached to (browser tokenisation), if any.
  customer_id text,
  created_at timestamptz NOT NULL,
  CHECK (outcome = 'approved' AND decline_code IS NULL OR outcome = 'declined' AND decline_code IS NOT NULL)
);

CREATE TABLE sandbox_card_customers (
  customer_id text PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  created_at timestamptz NOT NULL
);

-- Every charge the sandbox network answered, approved or declined: "one charge" is countable.
CREATE TABLE sandbox_card_charges (
  charge_id text PRIMARY KEY,
  -- The merchant's reference (the portal's order id).
  reference text NOT NULL,
  token text,
  amount bigint NOT NULL,
  currency text NOT NULL,
  installments integer NOT NULL,
  status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
  decline_code integer,
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_card_charges_reference ON sandbox_card_charges (reference);
