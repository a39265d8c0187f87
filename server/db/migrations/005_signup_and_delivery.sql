-- Sign-up links and outbox delivery (docs/decisions/005).

-- When a queued email may be tried (again). A delivering process sets it a lease ahead before it
-- talks to SMTP, so several processes sharing one database never send one message twice; after a
-- failure it holds the retry time (exponential backoff).
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz;
CREATE INDEX outbox_email_due ON outbox (id) WHERE sent_at IS NULL AND channel = 'email';

-- "At most one email per minute to this address" for links anyone may ask for (resending the
-- confirmation). The key is an HMAC of the address, so the table holds no addresses; unknown
-- addresses are counted like known ones, so the answer tells nobody which addresses have accounts.
CREATE TABLE send_throttle (
  bucket text NOT NULL,
  key_hash bytea NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (bucket, key_hash)
);
