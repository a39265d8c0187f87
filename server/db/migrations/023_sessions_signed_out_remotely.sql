-- A session can be ended from another of the account's devices, on the account page's device list
-- (docs/decisions/054): "sign out this device" and "sign out all other devices". Its own reason
-- keeps the session answering -24020 (a silent reset, like a logout) while telling it apart from
-- one the device ended itself.
ALTER TABLE sessions DROP CONSTRAINT sessions_revoked_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_revoked_reason_check
  CHECK (revoked_reason IN ('logout', 'password_changed', 'password_reset', 'blocked', 'signed_out_remotely'));
