-- The transfers a crypto quote's address received (docs/decisions/050): a chain cannot refuse a
-- transfer, so a customer may send less than the quote, then the rest, or send after the quote
-- closed. Each transfer is kept, in the quote's smallest unit (10^-quote_decimals of the coin,
-- an exact integer), so the order is paid once their sum reaches the quote and support can see
-- what an order that closed underpaid holds for a refund.
CREATE TABLE crypto_receipts (
  attempt_id bigint NOT NULL REFERENCES payment_attempts (id) ON DELETE CASCADE,
  -- The provider's event id of the transfer: a redelivered event is the same transfer.
  event_id text NOT NULL,
  units numeric(40, 0) NOT NULL CHECK (units > 0),
  received_at timestamptz NOT NULL,
  PRIMARY KEY (attempt_id, event_id)
);
