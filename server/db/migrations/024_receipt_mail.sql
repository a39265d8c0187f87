-- When the receipt page last e-mailed a paid order's receipt (POST /api/bill/order/receipt/mail/v1,
-- docs/decisions/055): once a minute per order, apart from the payment reminder's reminded_at so a
-- reminder sent just before paying does not hold the receipt back.
ALTER TABLE orders ADD COLUMN receipt_mailed_at timestamptz;
