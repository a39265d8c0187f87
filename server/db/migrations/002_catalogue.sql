-- Plans, their texts and prices per currency, benefit labels and discount codes.
-- Money is integer minor units (centavos, cents) everywhere; never floats.
CREATE TABLE plans (
  id integer PRIMARY KEY,
  code text NOT NULL UNIQUE,
  period_days integer NOT NULL CHECK (period_days IN (30, 180, 365)),
  device_count integer NOT NULL CHECK (device_count >= 1),
  max_installments integer NOT NULL DEFAULT 1 CHECK (max_installments >= 1),
  interest_free_installments integer NOT NULL DEFAULT 1 CHECK (interest_free_installments >= 1),
  -- Monthly interest beyond the interest-free count, in basis points (199 = 1.99 %).
  monthly_interest_bp integer NOT NULL DEFAULT 0 CHECK (monthly_interest_bp >= 0),
  min_installment_minor integer NOT NULL DEFAULT 0 CHECK (min_installment_minor >= 0),
  auto_renew boolean NOT NULL DEFAULT false,
  popular boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE plan_texts (
  plan_id integer NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  lang text NOT NULL REFERENCES languages (code),
  name text NOT NULL,
  description text NOT NULL,
  PRIMARY KEY (plan_id, lang)
);

CREATE TABLE plan_prices (
  plan_id integer NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  amount_minor integer NOT NULL CHECK (amount_minor > 0),
  PRIMARY KEY (plan_id, currency)
);

-- "discountRate off for N periods" labels of the pricing table.
CREATE TABLE plan_benefits (
  plan_id integer NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  discount_rate integer NOT NULL CHECK (discount_rate BETWEEN 1 AND 100),
  periods integer NOT NULL CHECK (periods >= 1),
  PRIMARY KEY (plan_id, discount_rate, periods)
);

CREATE TABLE discount_codes (
  code text PRIMARY KEY CHECK (code = upper(code)),
  kind text NOT NULL CHECK (kind IN ('percent', 'fixed')),
  -- percent: whole percent 1..100; fixed: minor units of `currency`.
  value integer NOT NULL CHECK (value > 0),
  currency text CHECK (currency ~ '^[A-Z]{3}$'),
  plan_id integer REFERENCES plans (id),
  valid_from timestamptz,
  valid_to timestamptz,
  max_uses integer CHECK (max_uses >= 1),
  used_count integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  CHECK (kind = 'percent' AND value <= 100 OR kind = 'fixed' AND currency IS NOT NULL)
);
