-- One ledger of every movement of money and credit (docs/decisions/069). Append-only, integer
-- minor units, written in the transaction that changes the order's status; what a customer paid,
-- got back and holds as credit are sums over it.
--
-- kinds:
--   charge           money taken from the customer (a card charge, a PIX or slip paid, a PIX
--                    Automático debit, a second charge of one order)
--   refund           money given back (a withdrawal, a duplicate charge, a payment returned)
--   chargeback       money the card holder's bank took back (a dispute the merchant lost)
--   credit_granted   unused days of a paid order (source_order_id) set against an open upgrade
--                    (order_id)
--   credit_consumed  that credit spent: the upgrade was paid (service_ms: the source's unused
--                    service turned into credit, given back if the upgrade is reversed)
--   credit_reversed  credit taken back: the upgrade was cancelled or reversed, or the money behind
--                    the source went back
CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_uid bigint NOT NULL REFERENCES accounts (uid),
  order_id text NOT NULL REFERENCES orders (id),
  kind text NOT NULL CHECK (kind IN ('charge', 'refund', 'chargeback', 'credit_granted', 'credit_consumed', 'credit_reversed')),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  -- Money rows: the provider and its own id of this movement (the card network's charge, the
  -- event of a payment received, the refund, the dispute): one row per movement.
  provider text,
  provider_ref text,
  attempt_id bigint REFERENCES payment_attempts (id),
  -- Refund and chargeback rows: the charge row whose money they return.
  returns_entry_id bigint REFERENCES ledger_entries (id),
  -- Credit rows: the paid order whose unused days the credit is made of.
  source_order_id text REFERENCES orders (id),
  service_ms bigint CHECK (service_ms >= 0),
  reason text NOT NULL,
  at timestamptz NOT NULL,
  CHECK ((kind LIKE 'credit\_%') = (source_order_id IS NOT NULL)),
  CHECK (kind LIKE 'credit\_%' OR provider IS NOT NULL AND provider_ref IS NOT NULL),
  CHECK ((kind IN ('refund', 'chargeback')) = (returns_entry_id IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_one_row_per_movement ON ledger_entries (kind, provider, provider_ref) WHERE kind IN ('charge', 'refund', 'chargeback');
CREATE INDEX ledger_account ON ledger_entries (account_uid, id);
CREATE INDEX ledger_order ON ledger_entries (order_id, id);
CREATE INDEX ledger_source ON ledger_entries (source_order_id) WHERE source_order_id IS NOT NULL;
CREATE INDEX ledger_returns ON ledger_entries (returns_entry_id) WHERE returns_entry_id IS NOT NULL;

-- The one exception: the sandbox's removal of a test account (server/repositories/
-- sandbox-account-repository.ts, only where demo content is on, never in production) takes its
-- test money with it, saying so for its own transaction.
CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('portal.ledger_purge', true) = 'sandbox-account-removal' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'ledger_entries is append-only: a correction is a new row';
END
$$;
CREATE TRIGGER ledger_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();

-- When the days an upgrade took as credit return to their order (its money went back), the order's
-- period shows only those days; this keeps the length of the whole period its worth was for.
ALTER TABLE orders ADD COLUMN service_span_ms bigint CHECK (service_span_ms > 0);

-- A refund is a withdrawal (the customer asked) or a payment returned (money that arrived for an
-- order that could no longer be paid); `attempt_id` is the payment it returns, and a returned
-- payment names its charge row, returned once.
ALTER TABLE refunds ADD COLUMN kind text NOT NULL DEFAULT 'withdrawal' CHECK (kind IN ('withdrawal', 'returned'));
ALTER TABLE refunds ADD COLUMN attempt_id bigint REFERENCES payment_attempts (id);
ALTER TABLE refunds ADD COLUMN charge_entry_id bigint REFERENCES ledger_entries (id);
DROP INDEX refunds_one_pending;
CREATE UNIQUE INDEX refunds_one_pending ON refunds (order_id) WHERE status = 'pending' AND kind = 'withdrawal';
CREATE UNIQUE INDEX refunds_one_return ON refunds (charge_entry_id) WHERE kind = 'returned';
UPDATE refunds r SET attempt_id = (SELECT a.id FROM payment_attempts a WHERE a.order_id = r.order_id AND a.status = 'succeeded' ORDER BY a.id DESC LIMIT 1);

-- What support reads about money that crossed two flows (docs/decisions/069).
ALTER TABLE payment_incidents DROP CONSTRAINT payment_incidents_kind_check;
ALTER TABLE payment_incidents ADD CONSTRAINT payment_incidents_kind_check
  CHECK (kind IN ('duplicate_charge', 'discount_over_limit', 'refund_unanswered', 'payment_returned', 'dispute_after_refund', 'chargeback_after_refund'));

-- A dispute of a payment the portal had already refunded (or was refunding) is answered by that
-- refund: the order stays as it is, and support sees it.
ALTER TABLE order_disputes ADD COLUMN answered_by_refund boolean NOT NULL DEFAULT false;

-- The sandbox card network serialises a refund and a dispute on the charge's own row, as a
-- network does: a disputed charge cannot be refunded (Stripe's `charge_disputed`), a refunded one
-- cannot be disputed.
ALTER TABLE sandbox_card_charges ADD COLUMN disputed boolean NOT NULL DEFAULT false;
UPDATE sandbox_card_charges c SET disputed = true
WHERE EXISTS (SELECT 1 FROM sandbox_card_disputes d WHERE d.charge_id = c.charge_id AND d.status IN ('needs_response', 'under_review', 'lost'));

-- ---- What happened before the ledger, written into it once ----
-- Each paid order's charge, by its successful attempt.
INSERT INTO ledger_entries (account_uid, order_id, kind, amount, currency, provider, provider_ref, attempt_id, reason, at)
SELECT o.account_uid, o.id, 'charge', a.amount, a.currency, a.provider, COALESCE(a.provider_ref, 'attempt:' || a.id), a.id,
       'migration 033: paid before the ledger', COALESCE(o.paid_at, a.updated_at)
FROM orders o
JOIN LATERAL (SELECT * FROM payment_attempts pa WHERE pa.order_id = o.id AND pa.status = 'succeeded' ORDER BY pa.id DESC LIMIT 1) a ON true
WHERE o.paid_at IS NOT NULL
ORDER BY o.paid_at, o.id;

-- Second charges of one order, and the refunds the payment jobs made of them.
INSERT INTO ledger_entries (account_uid, order_id, kind, amount, currency, provider, provider_ref, reason, at)
SELECT o.account_uid, o.id, 'charge', (i.detail->>'amount')::bigint, i.detail->>'currency', i.detail->>'provider', i.subject,
       'migration 033: a second charge of one order', i.created_at
FROM payment_incidents i JOIN orders o ON o.id = i.order_id
WHERE i.kind = 'duplicate_charge'
ON CONFLICT DO NOTHING;
INSERT INTO ledger_entries (account_uid, order_id, kind, amount, currency, provider, provider_ref, returns_entry_id, reason, at)
SELECT c.account_uid, c.order_id, 'refund', c.amount, c.currency, c.provider, i.detail->>'refundRef', c.id,
       'migration 033: a second charge refunded', i.created_at
FROM payment_incidents i
JOIN ledger_entries c ON c.kind = 'charge' AND c.provider = i.detail->>'provider' AND c.provider_ref = i.subject
WHERE i.kind = 'duplicate_charge' AND i.detail->>'refundStatus' = 'succeeded' AND i.detail->>'refundRef' IS NOT NULL;

-- Withdrawals refunded.
INSERT INTO ledger_entries (account_uid, order_id, kind, amount, currency, provider, provider_ref, attempt_id, returns_entry_id, reason, at)
SELECT o.account_uid, o.id, 'refund', r.amount, r.currency, r.provider, COALESCE(r.refund_ref, 'refund:' || r.id), r.attempt_id, c.id,
       'migration 033: a withdrawal refunded', COALESCE(r.settled_at, r.requested_at)
FROM refunds r JOIN orders o ON o.id = r.order_id
JOIN LATERAL (SELECT l.id FROM ledger_entries l WHERE l.order_id = o.id AND l.kind = 'charge' ORDER BY l.id LIMIT 1) c ON true
WHERE r.status = 'succeeded';

-- Chargebacks the merchant lost.
INSERT INTO ledger_entries (account_uid, order_id, kind, amount, currency, provider, provider_ref, returns_entry_id, reason, at)
SELECT o.account_uid, o.id, 'chargeback', d.amount, d.currency, d.provider, d.dispute_id, c.id,
       'migration 033: a chargeback lost', COALESCE(d.closed_at, d.updated_at)
FROM order_disputes d JOIN orders o ON o.id = d.order_id
JOIN LATERAL (SELECT l.id FROM ledger_entries l WHERE l.order_id = o.id AND l.kind = 'charge' ORDER BY l.id LIMIT 1) c ON true
WHERE d.status = 'lost';

-- Upgrades' credit: which orders it came from was not recorded, so each upgrade is its own source
-- (a row that balances itself); paid ones consumed it, open ones hold it.
INSERT INTO ledger_entries (account_uid, order_id, kind, amount, currency, source_order_id, reason, at)
SELECT o.account_uid, o.id, 'credit_granted', o.credit, o.currency, o.id, 'migration 033: credit of an upgrade before the ledger', o.created_at
FROM orders o WHERE o.kind = 'upgrade' AND o.credit > 0 AND (o.paid_at IS NOT NULL OR o.status IN ('SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_PENDING', 'PAYMENT_FAILED'));
INSERT INTO ledger_entries (account_uid, order_id, kind, amount, currency, source_order_id, service_ms, reason, at)
SELECT o.account_uid, o.id, 'credit_consumed', o.credit, o.currency, o.id, 0, 'migration 033: credit of an upgrade before the ledger', o.paid_at
FROM orders o WHERE o.kind = 'upgrade' AND o.credit > 0 AND o.paid_at IS NOT NULL;
