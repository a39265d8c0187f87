-- Changing plan from the account page (docs/decisions/056). An upgrade is an order of its own kind
-- that starts the new plan on the day it is paid, less a credit for the unused days of what the
-- account had paid for (kept on the order, so the receipt and a later credit add up); a downgrade
-- waits for the next renewal as a scheduled change the customer can undo until the renewal job
-- applies it.
ALTER TABLE orders DROP CONSTRAINT orders_kind_check;
ALTER TABLE orders ADD CONSTRAINT orders_kind_check CHECK (kind IN ('purchase', 'renewal', 'upgrade'));
ALTER TABLE orders ADD COLUMN credit bigint NOT NULL DEFAULT 0 CHECK (credit >= 0);

CREATE TABLE plan_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_uid bigint NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  from_plan_id integer NOT NULL REFERENCES plans (id),
  to_plan_id integer NOT NULL REFERENCES plans (id),
  status text NOT NULL CHECK (status IN ('scheduled', 'undone', 'applied', 'superseded')),
  -- The subscription's next billing date when it was scheduled: what the account page shows.
  applies_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- At most one change waits per account: scheduling another replaces it.
CREATE UNIQUE INDEX plan_changes_one_scheduled ON plan_changes (account_uid) WHERE status = 'scheduled';
