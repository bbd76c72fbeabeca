-- The live channel (/cable, server/routes/cable.ts) stops delivering to a socket once what let it in has ended, in
-- every API process: the end of a session (logout, logout everywhere, a sign-in lock, a new password, a deleted user:
-- whatever path deletes the row) and the end of a membership (an employee removed, a merchant or user deleted) are
-- announced by NOTIFY from the table itself, so no path can forget to. An expired session is not deleted: the processes
-- find it by reading the sessions of their sockets (at each delivery and every half minute).
create function notify_session_ended() returns trigger language plpgsql as $$
begin
  perform pg_notify('session_ended', old.token_hash);
  return null;
end
$$;
create trigger sessions_notify_ended after delete on sessions for each row execute function notify_session_ended();

create function notify_membership_ended() returns trigger language plpgsql as $$
begin
  perform pg_notify('membership_ended', json_build_object('user_id', old.user_id, 'merchant_uuid', old.merchant_uuid)::text);
  return null;
end
$$;
create trigger memberships_notify_ended after delete on memberships for each row execute function notify_membership_ended();
