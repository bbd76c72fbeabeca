-- Indexes for a million merchants (issue 29), beside those of 021_review_queue.sql.

-- Every sign-in accepts the invites to the user's e-mail, looked up by lower(email) across merchants
-- (server/merchants/store.ts); staff_invites_email_idx starts with merchant_uuid and cannot serve it.
create index staff_invites_lower_email_idx on staff_invites (lower(email));

-- The requirements list counts the merchants pinned to each version in one grouped scan of this index
-- (server/documents/requirementVersionStore.ts); merchants following the published version (null) are left out.
create index merchants_requirements_version_idx on merchants (requirements_version) where requirements_version is not null;

-- The expired-row sweep (server/jobs/expiredRowSweep.ts) deletes by these columns; oauth_codes, oauth_access_tokens,
-- sign_in_attempts, rate_limit_counts and unlock_codes have theirs already.
create index sessions_expires_idx on sessions (expires_at);
create index otps_expires_idx on otps (expires_at);
create index alternative_tokens_expires_idx on alternative_tokens (expires_at);
create index aadhaar_otp_requests_expires_idx on aadhaar_otp_requests (expires_at);
create index aadhaar_send_limits_window_idx on aadhaar_send_limits (window_ends_at);

-- Only the end of a live session is announced to the live channel (migration 019): a session the sweep deletes had
-- expired already, and the processes find an expired session by reading the sessions of their sockets. Without this,
-- each swept batch would send every API process thousands of notices for sockets long closed.
drop trigger sessions_notify_ended on sessions;
create trigger sessions_notify_ended after delete on sessions for each row when (old.expires_at > now()) execute function notify_session_ended();

-- A recurring job (payload {"recurring": true}, server/jobs/enqueueRecurringJob.ts) is queued at most once per kind:
-- every process enqueues it as it starts, and only the first insert stays.
create unique index jobs_recurring_idx on jobs (kind) where payload ->> 'recurring' = 'true' and state in ('queued', 'running');
