-- Accounts by email or by phone (with area code). Passwords only as argon2id hashes.
CREATE TABLE accounts (
  uid bigint GENERATED ALWAYS AS IDENTITY (START WITH 100001) PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('email', 'phone')),
  email text UNIQUE CHECK (email = lower(email)),
  area_code text,
  phone text,
  nickname text NOT NULL,
  password_hash text,
  language text NOT NULL DEFAULT 'pt' REFERENCES languages (code),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'login_not_allowed', 'blocked')),
  must_reset_password boolean NOT NULL DEFAULT false,
  verified_at timestamptz,
  subscribe_email boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (area_code, phone),
  CHECK (type = 'email' AND email IS NOT NULL OR type = 'phone' AND phone IS NOT NULL AND area_code IS NOT NULL)
);
