-- A withdrawal's refund whose provider call got no answer (a timeout, a network error, a 5xx) is
-- asked again by the payment jobs under the same idempotency key, with backoff and a bounded number
-- of attempts (docs/decisions/058, amended). `attempts` counts the calls made, the first included;
-- `next_attempt_at` is when the next is due, null once answered or given up.
ALTER TABLE refunds ADD COLUMN attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 1);
ALTER TABLE refunds ADD COLUMN next_attempt_at timestamptz;
CREATE INDEX refunds_unanswered ON refunds (next_attempt_at) WHERE status = 'pending' AND refund_ref IS NULL AND next_attempt_at IS NOT NULL;

-- Refunds the last code left unanswered are asked again at the jobs' next pass.
UPDATE refunds SET next_attempt_at = requested_at WHERE status = 'pending' AND refund_ref IS NULL;

-- When the attempts run out the refund stays pending and is reported here for support.
ALTER TABLE payment_incidents DROP CONSTRAINT payment_incidents_kind_check;
ALTER TABLE payment_incidents ADD CONSTRAINT payment_incidents_kind_check CHECK (kind IN ('duplicate_charge', 'discount_over_limit', 'refund_unanswered'));
