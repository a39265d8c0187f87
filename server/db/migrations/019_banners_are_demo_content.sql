-- The three banners migration 009 inserted are demo content (a PIX discount, a yearly offer, the
-- screens count), which a production database must not show (docs/decisions/035): from now on
-- the demo seed adds them. A database being created here has no account yet, so they go, and a
-- development start seeds them again; a database already in use keeps what it has.
DELETE FROM banners
WHERE id IN ('pricing-yearly', 'payment-pix', 'account-screens')
  AND NOT EXISTS (SELECT 1 FROM accounts);
