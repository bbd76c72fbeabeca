import type { FastifyPluginAsync } from 'fastify';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import { checkOtp, issueOtp, OTP_POLICY, otpRefusal } from '../auth/otp';
import { hashPassword } from '../auth/secrets';
import { endSessionsOf } from '../auth/sessions';
import { clearAttempts } from '../auth/signInAttempts';
import type { AppContext } from '../context';
import { ApiError } from '../errors';

const PURPOSE = 'update_password';
/** Seconds the app waits after a password change before it signs the user out (platform spec section 9). */
export const LOGOUT_AFTER_SECONDS = 4;

/**
 * Setting or changing the signed-in user's password (platform spec sections 4, 5, 7; section 6: a sensitive change needs
 * re-authentication): an OTP to the user's own e-mail and mobile (never an address the request names), then the new
 * password with that OTP. A new password ends every session of the user, this one too: the app signs out after 4 s and
 * the user signs in again with it. Users who signed up by OTP set their first password the same way.
 */
export const passwordRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, providers, config } = ctx;
  app.addHook('onRequest', authenticate(db));
  const limited = { rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };

  app.post('/user/update_password/send_otp', { config: limited }, async (request) => {
    const { userId } = currentUser(request);
    const [user] = await db.query<{ email: string | null; mobile: string | null }>('select email, mobile from users where id = $1', [userId]);
    const issued = await issueOtp(db, userId, PURPOSE);
    if (!issued.ok) throw new ApiError(429, { error: message('auth.resendTooSoon', { seconds: issued.waitSeconds }), retry_after: issued.waitSeconds });
    const recipients = [
      ...(user?.email ? [{ channel: 'email' as const, recipient: user.email }] : []),
      ...(user?.mobile ? [{ channel: 'sms' as const, recipient: user.mobile }] : []),
    ];
    for (const { channel, recipient } of recipients) {
      await providers.messages.send({
        channel,
        recipient,
        subject: message(`server.otp.${PURPOSE}.subject`),
        body: message(`server.otp.${PURPOSE}.body`, { code: issued.code, minutes: OTP_POLICY.ttlMinutes }),
      });
    }
    return { message: message('otp.sent'), otp_length: OTP_POLICY.length, resend_after: OTP_POLICY.resendSeconds, channels: recipients.map(({ channel }) => channel) };
  });

  app.put<{ Body: { password: string; otp: string } }>(
    '/user/update_password',
    { schema: { body: { $ref: 'https://onboarding.local/schemas/api/auth.json#/$defs/updatePassword' } }, config: limited },
    async (request) => {
      const { userId } = currentUser(request);
      const result = await checkOtp(db, userId, PURPOSE, request.body.otp);
      if (!result.ok) throw otpRefusal(result);
      const hash = await hashPassword(request.body.password);
      const [user] = await db.query<{ email: string | null; mobile: string | null }>('update users set password_hash = $2 where id = $1 returning email, mobile', [userId, hash]);
      // A password set anew also lifts a lock of password sign-in: the user proved the account is theirs.
      for (const identity of [user?.email, user?.mobile]) if (identity) await clearAttempts(db, identity, 'password');
      await endSessionsOf(db, userId);
      return { message: message('server.password.updated'), logout_after_seconds: LOGOUT_AFTER_SECONDS };
    },
  );
};
