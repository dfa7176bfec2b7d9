-- Wrong exchange-password entries per member (issue #6): after a few in a row the member is
-- refused for a period. Read and written only under the member's lock (members.lockMember).
CREATE TABLE exchange_password_guards (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  failures int NOT NULL DEFAULT 0 CHECK (failures >= 0),
  locked_until timestamptz,
  updated_at timestamptz NOT NULL
);

-- Login: "has this account signed in from this address before?" exempts the owner's usual
-- address from the account-wide ceiling that guards against guessing from many addresses.
CREATE INDEX login_attempts_known_address_idx ON login_attempts (audience, lower(account), ip, created_at) WHERE success;
