-- Site-wide settings: configuration, theme, tenant identity, contact details. One row per key,
-- the value checked against the contract by the repository before it is served.
CREATE TABLE site_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE languages (
  code text PRIMARY KEY CHECK (code IN ('pt', 'en', 'es', 'ru')),
  native_name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0
);

-- Operator overrides of the bundled UI messages, per language; the served catalogue is the
-- bundled file with these laid over it.
CREATE TABLE i18n_overrides (
  lang text NOT NULL REFERENCES languages (code),
  message_id text NOT NULL,
  text text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lang, message_id)
);

-- Privacy policy, terms of use and upgrade policy, per language.
CREATE TABLE policy_texts (
  type text NOT NULL CHECK (type IN ('privacy', 'terms', 'upgrade')),
  lang text NOT NULL REFERENCES languages (code),
  title text NOT NULL,
  content text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (type, lang)
);
