-- Pricing: per-account prices ("prices may vary after login", spec section 2) and the promotional
-- banners of the pricing, payment and account pages. docs/decisions/008.

-- An account's own price for a plan, in minor units of `currency`. When an account has one, it
-- wins over the plan's list price: in its own currency, and converted from its BRL price for a
-- currency it has no price in (server/billing/pricing.ts).
CREATE TABLE account_plan_prices (
  account_uid bigint NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  plan_id integer NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  PRIMARY KEY (account_uid, plan_id, currency)
);

-- Titles per language as JSON ({"pt": …, "en": …}), like payment_methods.names: the languages
-- table is filled by the seed, after the migrations, so a foreign key per language cannot be used.
CREATE TABLE banners (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  position text NOT NULL CHECK (position IN ('pricing', 'payment', 'account')),
  sort integer NOT NULL DEFAULT 0 CHECK (sort >= 0),
  titles jsonb NOT NULL CHECK (jsonb_typeof(titles) = 'object'),
  image_url text NOT NULL,
  mobile_image_url text,
  link_url text,
  active boolean NOT NULL DEFAULT true,
  -- Shown only inside this window when set.
  valid_from timestamptz,
  valid_to timestamptz
);
CREATE INDEX banners_position ON banners (position, sort) WHERE active;

INSERT INTO banners (id, position, sort, titles, image_url, mobile_image_url, link_url) VALUES
  ('pricing-yearly', 'pricing', 0,
    '{"pt":"Plano anual: 16% de desconto em 12 meses","en":"Yearly plan: 16% off over 12 months","es":"Plan anual: 16% de descuento en 12 meses","ru":"Годовой тариф: скидка 16% на 12 месяцев"}',
    '/brand/banner-pricing.svg', '/brand/banner-pricing-mobile.svg', '/plan-details/5'),
  ('payment-pix', 'payment', 0,
    '{"pt":"Pague com PIX e ganhe 5% de desconto","en":"Pay with PIX and get 5% off","es":"Paga con PIX y obtén un 5% de descuento","ru":"Оплатите через PIX и получите скидку 5%"}',
    '/brand/banner-payment.svg', '/brand/banner-payment-mobile.svg', NULL),
  ('account-screens', 'account', 0,
    '{"pt":"Assista em até 4 telas ao mesmo tempo","en":"Watch on up to 4 screens at once","es":"Mira en hasta 4 pantallas a la vez","ru":"Смотрите на 4 экранах одновременно"}',
    '/brand/banner-account.svg', '/brand/banner-account-mobile.svg', '/pricing-table');
