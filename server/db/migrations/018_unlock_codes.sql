-- The unlock instruction of a sign-in lock (platform spec section 8: "User is locked, please check email/sms for unlock
-- instruction."): when failed attempts lock password or OTP sign-in of an identity that is a user, a one-use random code
-- is sent to that e-mail address or mobile number (server/auth/unlockCodes.ts). Only its hash is kept, one code per
-- identity (a new lock replaces it), valid as long as the lock lasts; POST /api/v1/user/unlock uses it up in the
-- statement that checks it and lifts the lock.
create table unlock_codes (
  identity text primary key,
  code_hash text not null,
  window_ends_at timestamptz not null
);
create index unlock_codes_window_idx on unlock_codes (window_ends_at);

-- sign_in_attempts also counts, under kind 'address', the failed sign-in attempts of a client address (the identity
-- column then holds the address, an IPv6 one as its /64), so one address can neither lock many identities nor hammer
-- one (server/auth/signInAttempts.ts). No change of table: the comment records the new kind.
comment on table sign_in_attempts is 'Failed sign-in attempts per identity and kind (password, otp:<purpose>, unlock), and per client address (kind address).';
