-- PayPal, e-wallet, mobile money, crypto and bank transfer (docs/decisions/011): the proof a
-- transfer's payer uploads, the coins crypto is quoted in, and the sandbox providers' own side.

-- A bank transfer's proof of payment, once attached (POST /api/bill/order/upload/v1).
ALTER TABLE orders ADD COLUMN proof_key text REFERENCES uploads (object_key);

-- Coins a crypto payment may be made in, with the sandbox's own rates (no live feed): BRL per
-- coin, as a decimal string, and the number of decimals a quote is rounded up to.
CREATE TABLE crypto_coins (
  coin text PRIMARY KEY CHECK (coin ~ '^[A-Z]{2,10}$'),
  networks text[] NOT NULL,
  quote_decimals integer NOT NULL CHECK (quote_decimals BETWEEN 0 AND 18),
  rate_brl text NOT NULL CHECK (rate_brl ~ '^(0|[1-9][0-9]{0,11})(\.[0-9]{1,12})?$'),
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);
INSERT INTO crypto_coins (coin, networks, quote_decimals, rate_brl, sort_order) VALUES
  ('BTC', '{bitcoin}', 8, '512300.00', 1),
  ('ETH', '{ERC20}', 8, '18240.00', 2),
  ('USDT', '{TRC20,ERC20}', 6, '5.4800', 3),
  ('USDC', '{ERC20}', 6, '5.4790', 4),
  ('LTC', '{litecoin}', 8, '498.20', 5);

-- ---- The sandbox providers' side (a real provider keeps these; nothing of the portal's) ----

-- Hosted checkouts the payer approves on the provider's own page: PayPal's Orders v2 (created,
-- approved by the payer, completed by the merchant's capture) and the e-wallet's checkout
-- (approved by the payer, which completes it and sends the webhook).
CREATE TABLE sandbox_checkouts (
  provider text NOT NULL,
  id text NOT NULL,
  -- The merchant's reference (the portal's order id).
  reference text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('CREATED', 'APPROVED', 'COMPLETED', 'VOIDED')),
  payer_id text,
  capture_id text,
  return_url text NOT NULL,
  cancel_url text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (provider, id)
);

-- Mobile-money collections waiting for the code the operator sent to the wallet's phone. The
-- code is kept only as a keyed hash; a wrong code uses one of the attempts.
CREATE TABLE sandbox_mobile_money (
  reference text PRIMARY KEY,
  operator text NOT NULL,
  phone text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  otp_hash text NOT NULL,
  attempts_left integer NOT NULL CHECK (attempts_left >= 0),
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  decline_code integer,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
