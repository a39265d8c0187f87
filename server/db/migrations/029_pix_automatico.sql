-- PIX Automático (docs/decisions/060): a monthly plan renewed by the payer's standing authorisation
-- at their bank instead of a card. One row per authorisation ("recorrência", named by its idRec),
-- and one per monthly charge the portal schedules against it ("cobrança recorrente", named by its txid).
CREATE TABLE pix_recurrences (
  id_rec text PRIMARY KEY CHECK (id_rec ~ '^R[RN][0-9]{8}[0-9]{8}[A-Za-z0-9]{11}$'),
  account_uid bigint NOT NULL REFERENCES accounts (uid),
  plan_id integer NOT NULL REFERENCES plans (id),
  -- The Banco Central's statuses of a recurrence, as the PSP reports them.
  status text NOT NULL CHECK (status IN ('CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA')),
  -- Fixed amount: every cycle charges exactly this; the payer's maximum is the same figure.
  amount bigint NOT NULL CHECK (amount > 0),
  max_amount bigint NOT NULL CHECK (max_amount >= amount),
  currency text NOT NULL CHECK (currency = 'BRL'),
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  -- Journey 3: the order the composite QR pays at once (the first month).
  first_order_id text NOT NULL REFERENCES orders (id),
  -- The due date of the next cycle once approved (the entitlement's end).
  next_due_at timestamptz,
  cancelled_by text CHECK (cancelled_by IN ('payer', 'receiver')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- One live authorisation (awaiting the payer or approved) per account.
CREATE UNIQUE INDEX pix_recurrences_live ON pix_recurrences (account_uid) WHERE status IN ('CRIADA', 'APROVADA');
CREATE INDEX pix_recurrences_due ON pix_recurrences (next_due_at) WHERE status = 'APROVADA';

CREATE TABLE pix_recurring_charges (
  txid text PRIMARY KEY CHECK (txid ~ '^[A-Za-z0-9]{26,35}$'),
  id_rec text NOT NULL REFERENCES pix_recurrences (id_rec),
  due_at timestamptz NOT NULL,
  -- The day the payer's bank debits: the due date, then each retry's day.
  try_at timestamptz NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('CRIADA', 'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REJEITADA', 'CANCELADA')),
  failures integer NOT NULL DEFAULT 0,
  -- The renewal order a settlement created.
  order_id text REFERENCES orders (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (id_rec, due_at)
);
CREATE INDEX pix_recurring_charges_open ON pix_recurring_charges (id_rec) WHERE status = 'ATIVA';
