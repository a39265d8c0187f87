-- Chargebacks (docs/decisions/059). The sandbox card network keeps its disputes as a
-- network does (Stripe's dispute object): an id, the charge disputed, the amount, the card
-- holder's reason and a status that goes needs_response -> under_review -> won | lost |
-- warning_closed. `outcome` is what the sandbox will close it with, chosen when it is opened so a
-- test reaches each ending.
CREATE TABLE sandbox_card_disputes (
  dispute_id text PRIMARY KEY,
  charge_id text NOT NULL REFERENCES sandbox_card_charges (charge_id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('fraudulent', 'product_not_received', 'unrecognized', 'duplicate', 'subscription_canceled', 'general')),
  status text NOT NULL CHECK (status IN ('needs_response', 'under_review', 'won', 'lost', 'warning_closed')),
  outcome text NOT NULL CHECK (outcome IN ('won', 'lost', 'warning_closed')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- A charge has at most one dispute still open.
CREATE UNIQUE INDEX sandbox_card_disputes_open ON sandbox_card_disputes (charge_id) WHERE status IN ('needs_response', 'under_review');

-- The portal's side: what the network's signed events said of each dispute of an order.
CREATE TABLE order_disputes (
  dispute_id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  provider text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('needs_response', 'under_review', 'won', 'lost', 'warning_closed')),
  opened_at timestamptz NOT NULL,
  closed_at timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE INDEX order_disputes_order ON order_disputes (order_id, opened_at DESC);

-- A card whose payment the holder took back (a lost chargeback) is never charged again by a
-- renewal: the holder told their bank they do not want these charges.
ALTER TABLE cards ADD COLUMN renewal_blocked_at timestamptz;
ALTER TABLE cards ADD COLUMN renewal_blocked_by text;

-- Why an auto-renewal stopped, when the portal stopped it (the account page says so).
ALTER TABLE subscriptions ADD COLUMN stopped_reason text CHECK (stopped_reason IN ('card_charged_back'));
