-- The 7-day withdrawal of a purchase (CDC art. 49, docs/decisions/058).

-- The portal's record of each refund it asked a provider for: the provider's own id for it, what
-- is returned, and where it stands. One order has at most one refund still pending; a rejected or
-- cancelled one stays as history and another may follow. `destination` is where a bank or chain
-- refund goes (a bank account with its holder's CPF, a refund address): the customer's, kept for
-- the provider's answer and for support, never logged.
CREATE TABLE refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  provider text NOT NULL,
  -- Null until the provider answered: the request is made outside the portal's transaction
  -- (docs/decisions/032), under `idempotency_key`, so asking again cannot refund twice.
  refund_ref text,
  idempotency_key text NOT NULL UNIQUE,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'rejected', 'cancelled')),
  reject_reason text,
  destination jsonb,
  requested_at timestamptz NOT NULL,
  settled_at timestamptz,
  UNIQUE (provider, refund_ref)
);
CREATE UNIQUE INDEX refunds_one_pending ON refunds (order_id) WHERE status = 'pending';
CREATE INDEX refunds_order ON refunds (order_id, requested_at DESC);

-- The sandbox providers' side of refunds other than the card network's (which has
-- sandbox_card_refunds): PIX devoluções, PayPal capture refunds, wallet and mobile-money reversals,
-- bank payouts for boleto and transfer, chain transfers for crypto. Each is its provider's record
-- (its id, the payment it returns, a status), asked with an idempotency key so a repeated request
-- answers the first refund; the sandbox bank settles it later (its signed webhook tells the portal).
CREATE TABLE sandbox_refunds (
  refund_id text PRIMARY KEY,
  provider text NOT NULL,
  payment_ref text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('duplicate', 'requested_by_customer', 'fraudulent')),
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'rejected', 'cancelled')),
  reject_reason text,
  destination jsonb,
  idempotency_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX sandbox_refunds_payment ON sandbox_refunds (provider, payment_ref);
