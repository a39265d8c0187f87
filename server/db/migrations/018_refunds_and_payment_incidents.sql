-- Unknown outcomes, duplicate charges and code limits (docs/decisions/036).

-- The sandbox card network refunds as a gateway does: a refund is a record of its own (its id,
-- the charge it returns, the amount, a status, a reason), and the charge keeps its `succeeded`
-- status but counts what was returned of it. A refund request carries an idempotency key, so a
-- caller that repeats it (a retry, a crash before it heard the answer, two processes at once)
-- gets the same refund back instead of a second one.
ALTER TABLE sandbox_card_charges ADD COLUMN amount_refunded bigint NOT NULL DEFAULT 0;
ALTER TABLE sandbox_card_charges ADD COLUMN refunded boolean NOT NULL DEFAULT false;
ALTER TABLE sandbox_card_charges ADD CONSTRAINT sandbox_card_charges_refund_within_amount CHECK (amount_refunded BETWEEN 0 AND amount);
CREATE INDEX sandbox_card_charges_created ON sandbox_card_charges (created_at);

CREATE TABLE sandbox_card_refunds (
  refund_id text PRIMARY KEY,
  charge_id text NOT NULL REFERENCES sandbox_card_charges (charge_id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  reason text NOT NULL CHECK (reason IN ('duplicate', 'requested_by_customer', 'fraudulent')),
  idempotency_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_card_refunds_charge ON sandbox_card_refunds (charge_id);

-- What the payment jobs found wrong and what they did about it, for an operator to read (each
-- one is logged as a warning too): a second successful charge of one order and its refund, a
-- discount code whose use a settlement had to count beyond the code's limit. `subject` is what it
-- is about (the charge refunded, the code); `detail` the figures (no card data: charge and refund
-- ids, amounts). `resolved_at` is the operator's to set once looked at.
CREATE TABLE payment_incidents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('duplicate_charge', 'discount_over_limit')),
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  subject text NOT NULL,
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  resolved_at timestamptz,
  -- One row per charge refunded and per order counted over a code's limit, whichever process
  -- finds it first and however often the pass runs.
  UNIQUE (kind, order_id, subject)
);
CREATE INDEX payment_incidents_open ON payment_incidents (created_at) WHERE resolved_at IS NULL;

-- An order whose charge got no answer now keeps its code's use until reconciliation settles it
-- (before, it gave it back at once). Orders left NETWORK_ERROR by the previous code gave theirs
-- back; they take it again here, so that settling them counts exactly one use. A code someone
-- else used up meanwhile goes over its limit: that is the truth of it, and it is recorded.
UPDATE discount_codes d SET used_count = d.used_count + o.n
FROM (SELECT upper(discount_code) AS code, count(*) AS n FROM orders WHERE status = 'NETWORK_ERROR' AND discount_code IS NOT NULL GROUP BY 1) o
WHERE d.code = o.code;

INSERT INTO payment_incidents (kind, order_id, subject, detail, created_at)
SELECT 'discount_over_limit', o.id, d.code,
       jsonb_build_object('maxUses', d.max_uses, 'usedCount', d.used_count, 'when', 'migration 018: use taken again for an order awaiting reconciliation'),
       now()
FROM orders o JOIN discount_codes d ON d.code = upper(o.discount_code)
WHERE o.status = 'NETWORK_ERROR' AND d.max_uses IS NOT NULL AND d.used_count > d.max_uses;
