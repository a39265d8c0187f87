-- The sandbox bank's register of the slips it issued (docs/decisions/044): a registered boleto
-- names its payer, as FEBRABAN's registered-collection rules require, so the printed slip shows
-- who pays it. The payer's details stay on the provider's side, as the card sandbox's customers
-- do; the portal's attempt keeps only the instructions (barcode, line, due date, amount).
CREATE TABLE sandbox_boleto_slips (
  barcode text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  payer_name text NOT NULL,
  -- CPF (11 digits) or CNPJ (14 digits), digits only, as the payer gave it.
  payer_document text NOT NULL,
  payer_address text,
  created_at timestamptz NOT NULL
);
