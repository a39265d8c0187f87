-- Billing: currencies, payment methods, orders with their lines, events and payment attempts,
-- saved cards (provider tokens only), idempotency keys, subscriptions for auto-renewal, uploaded
-- proofs, and provider webhook events. Money is integer minor units (bigint), rates decimal text.

CREATE TABLE currencies (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z]{3}$'),
  symbol text NOT NULL,
  decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 3),
  -- Units of this currency one unit of the base currency (BRL) buys, as a decimal string.
  exchange_rate text NOT NULL CHECK (exchange_rate ~ '^(0|[1-9][0-9]{0,11})(\.[0-9]{1,12})?$'),
  active boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_methods (
  code text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('card', 'pix', 'boleto', 'paypal', 'bank_transfer', 'ewallet', 'mobile_money', 'crypto')),
  names jsonb NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  -- NULL: every country / currency.
  countries text[],
  currencies text[],
  max_installments integer NOT NULL DEFAULT 1 CHECK (max_installments BETWEEN 1 AND 24),
  required_fields text[] NOT NULL DEFAULT '{}',
  -- A method's own discount in whole percent (spec: plan/method/discount).
  discount_percent integer NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100)
);

CREATE TABLE orders (
  id text PRIMARY KEY,
  account_uid bigint NOT NULL REFERENCES accounts (uid),
  kind text NOT NULL DEFAULT 'purchase' CHECK (kind IN ('purchase', 'renewal')),
  status text NOT NULL CHECK (status IN ('SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_PENDING', 'PAYMENT_SUCCEEDED', 'PAYMENT_FAILED',
    'PAYMENT_CANCELLED', 'REFUND_PENDING', 'REFUND_SUCCEEDED', 'REFUND_REJECTED', 'REFUND_CANCELLED', 'CHARGEBACK_PENDING',
    'CHARGEBACK_SUCCEEDED', 'CHARGEBACK_REJECTED', 'CHARGEBACK_CANCELLED')),
  currency text NOT NULL,
  base_currency text NOT NULL,
  exchange_rate text NOT NULL,
  subtotal bigint NOT NULL CHECK (subtotal >= 0),
  discount bigint NOT NULL DEFAULT 0 CHECK (discount >= 0),
  interest bigint NOT NULL DEFAULT 0 CHECK (interest >= 0),
  total bigint NOT NULL CHECK (total >= 0),
  installments integer NOT NULL DEFAULT 1 CHECK (installments BETWEEN 1 AND 24),
  installment_amount bigint NOT NULL,
  discount_code text REFERENCES discount_codes (code),
  payment_method text REFERENCES payment_methods (code),
  payment_type text,
  email text NOT NULL,
  scene text NOT NULL DEFAULT 'WEB',
  view_code text NOT NULL UNIQUE,
  valid_days integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  paid_at timestamptz,
  -- When an unpaid order's payment window closes (PIX expiry, boleto due date).
  pay_by timestamptz,
  CHECK (total = subtotal - discount + interest)
);
CREATE INDEX orders_account_recent ON orders (account_uid, created_at DESC);
CREATE INDEX orders_open ON orders (account_uid) WHERE status IN ('SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_PENDING', 'PAYMENT_FAILED');
-- A discount code is bound to at most one open order of an account at a time.
CREATE UNIQUE INDEX orders_open_code ON orders (account_uid, discount_code)
  WHERE discount_code IS NOT NULL AND status IN ('SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_PENDING', 'PAYMENT_FAILED');

CREATE TABLE order_lines (
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  plan_id integer NOT NULL REFERENCES plans (id),
  plan_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 12),
  price bigint NOT NULL CHECK (price >= 0),
  subtotal bigint NOT NULL CHECK (subtotal >= 0),
  valid_days integer NOT NULL CHECK (valid_days >= 1),
  PRIMARY KEY (order_id, line_no)
);

-- Every status change, in the transaction that made it (server/billing/order-status.ts decides).
CREATE TABLE order_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  reason text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX order_events_order ON order_events (order_id, id);

CREATE TABLE payment_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  method text NOT NULL,
  provider text NOT NULL,
  -- The provider's own id for this attempt (charge id, PIX txid, boleto number…).
  provider_ref text,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled', 'unknown')),
  amount bigint NOT NULL,
  currency text NOT NULL,
  err_code integer,
  -- What the customer needs to finish paying (BR Code, digitable line, redirect URL…); never card data.
  instructions jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (provider, provider_ref)
);
CREATE INDEX payment_attempts_order ON payment_attempts (order_id, id DESC);

-- Saved cards: the provider's token and what a person recognises; never the number or the code.
CREATE TABLE cards (
  id text PRIMARY KEY,
  account_uid bigint NOT NULL REFERENCES accounts (uid),
  provider text NOT NULL,
  provider_token text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL,
  holder text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE INDEX cards_account ON cards (account_uid) WHERE deleted_at IS NULL;

-- Idempotency-Key: the same key and body within 24 h give the first answer; another body is refused.
CREATE TABLE idempotency_keys (
  account_uid bigint NOT NULL REFERENCES accounts (uid),
  key text NOT NULL,
  operation text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_progress', 'done')),
  response jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (account_uid, key)
);

-- Auto-renewal (spec section 4): one subscription per account, charged on its billing card.
CREATE TABLE subscriptions (
  account_uid bigint PRIMARY KEY REFERENCES accounts (uid),
  plan_id integer NOT NULL REFERENCES plans (id),
  status text NOT NULL CHECK (status IN ('activated', 'cancelled', 'expired')),
  card_id text REFERENCES cards (id),
  amount bigint NOT NULL,
  currency text NOT NULL,
  next_billing_at timestamptz NOT NULL,
  -- Set while a renewal charge runs (cancelling is refused with 6207 then).
  renewing_since timestamptz,
  failures integer NOT NULL DEFAULT 0,
  next_retry_at timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE INDEX subscriptions_due ON subscriptions (next_billing_at) WHERE status = 'activated';

-- Proofs of payment (bank transfer): size-limited and content-type-checked by their route.
CREATE TABLE uploads (
  object_key text PRIMARY KEY,
  account_uid bigint NOT NULL REFERENCES accounts (uid),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'application/pdf')),
  size integer NOT NULL CHECK (size > 0),
  sha256 text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL
);

-- Each provider event is applied once, however often it is delivered.
CREATE TABLE webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- Reference data the portal needs to sell at all. Rates are the sandbox's own, set by the
-- operator (no live feed): units of each currency per 1 BRL.
INSERT INTO currencies (code, symbol, decimals, exchange_rate) VALUES
  ('BRL', 'R$', 2, '1'),
  ('USD', '$', 2, '0.182500'),
  ('ARS', '$', 2, '182.40'),
  ('CLP', '$', 0, '171.30'),
  ('COP', '$', 2, '742.80'),
  ('MXN', 'MXN', 2, '3.2950'),
  ('PEN', 'S/.', 2, '0.6830'),
  ('UYU', '$U', 2, '7.3100'),
  ('ZAR', 'R', 2, '3.3200'),
  ('PHP', '₱', 2, '10.4200'),
  ('RUB', '₽', 2, '16.8500');

INSERT INTO payment_methods (code, type, names, sort_order, countries, currencies, max_installments, required_fields, discount_percent) VALUES
  ('card', 'card', '{"pt":"Cartão de crédito","en":"Credit card","es":"Tarjeta de crédito","ru":"Банковская карта"}', 1, NULL, NULL, 12, '{}', 0),
  ('pix', 'pix', '{"pt":"PIX","en":"PIX","es":"PIX","ru":"PIX"}', 2, '{BR}', '{BRL}', 1, '{firstName,lastName,cpf}', 5),
  ('boleto', 'boleto', '{"pt":"Boleto bancário","en":"Payment slip (boleto)","es":"Boleto bancario","ru":"Платёжная квитанция (boleto)"}', 3, '{BR}', '{BRL}', 1,
    '{firstName,lastName,cpf,zipcode,state,city,street,streetNumber}', 0),
  ('paypal', 'paypal', '{"pt":"PayPal","en":"PayPal","es":"PayPal","ru":"PayPal"}', 4, NULL, '{BRL,USD,MXN}', 1, '{}', 0),
  ('bank_transfer', 'bank_transfer', '{"pt":"Transferência bancária","en":"Bank transfer","es":"Transferencia bancaria","ru":"Банковский перевод"}', 5, NULL, '{BRL,USD}', 1, '{firstName,lastName}', 0),
  ('ewallet', 'ewallet', '{"pt":"Carteira digital","en":"E-wallet","es":"Billetera digital","ru":"Электронный кошелёк"}', 6, '{BR,AR,MX,CO,CL,PE,UY}', NULL, 1, '{}', 0),
  ('mobile_money', 'mobile_money', '{"pt":"Dinheiro móvel","en":"Mobile money","es":"Dinero móvil","ru":"Мобильные деньги"}', 7, '{ZA,KE,ZM,MW,CI,SN,GH,UG,TZ}', '{ZAR,USD}', 1, '{areaCode,phone}', 0),
  ('crypto', 'crypto', '{"pt":"Criptomoedas","en":"Crypto","es":"Criptomonedas","ru":"Криптовалюта"}', 8, NULL, '{USD,BRL}', 1, '{}', 0);
