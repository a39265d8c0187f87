-- A card charge in two phases (docs/decisions/032): the order and a `charging` attempt whose
-- provider_ref is the order id (the reference the network files the charge under) commit before
-- the network is called; the outcome is recorded in a second transaction. An attempt left
-- `charging` by a process that died is settled by asking the network by that reference.
ALTER TABLE payment_attempts DROP CONSTRAINT payment_attempts_status_check;
ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_status_check
  CHECK (status IN ('charging', 'pending', 'succeeded', 'failed', 'cancelled', 'unknown'));
-- The saved card a charge used: what a reconciled renewal keeps its subscription on.
ALTER TABLE payment_attempts ADD COLUMN card_id text;
CREATE INDEX payment_attempts_charging ON payment_attempts (updated_at) WHERE status = 'charging';
-- The order a payment request created: a retry after the process died answers from the order
-- (settled by reconciliation) instead of charging a second one.
ALTER TABLE idempotency_keys ADD COLUMN order_id text;
