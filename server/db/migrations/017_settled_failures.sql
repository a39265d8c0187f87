-- A password check books its failure row before the comparison (docs/decisions/006), so a burst of
-- parallel guesses cannot get more comparisons than the threshold. Until the comparison ends the
-- row is unsettled: it still bounds the checks under way, but only settled failures can lock the
-- account. Otherwise one wrong password among parallel log-ins with the right one (several
-- devices at once) counted the right ones still comparing, and locked the account.
ALTER TABLE auth_failures ADD COLUMN settled boolean NOT NULL DEFAULT true;
