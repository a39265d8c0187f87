-- "Delete my account" (docs/decisions/061, LGPD art. 18 VI): the account's row stays as a
-- tombstone so its orders keep the uid tax law requires them to keep, with no personal data left
-- on it. deleted_at marks it; an erased account has no email, phone or name, so the identity check
-- must allow a row that holds neither once it is deleted.
ALTER TABLE accounts ADD COLUMN deleted_at timestamptz;
ALTER TABLE accounts DROP CONSTRAINT accounts_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_check
  CHECK (deleted_at IS NOT NULL OR type = 'email' AND email IS NOT NULL OR type = 'phone' AND phone IS NOT NULL AND area_code IS NOT NULL);
-- An order of a deleted account keeps only what the tax law requires (docs/decisions/061); this
-- marks when its payer's details were erased.
ALTER TABLE orders ADD COLUMN anonymised_at timestamptz;
