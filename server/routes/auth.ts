import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { message } from '../../schemas/messages';
import { ApiError } from '../errors';
import { authenticate, currentUser } from '../auth/authenticate';
import { channelOf, normaliseIdentity } from '../auth/identity';
import { checkOtp, issueOtp, OTP_POLICY } from '../auth/otp';
import { verifyPassword } from '../auth/secrets';
import { createSession, endSession } from '../auth/sessions';
import { findOrCreateUser, findUserByIdentity, lockUser, type UserRow } from '../auth/users';
import { ensureMerchantFor, permissionsOf } from '../merchants/store';
import type { AppContext } from '../context';

const SIGN_IN = 'SignIn';
const PASSWORD_ATTEMPTS = 5;
const api = (name: string) => ({ $ref: `https://onboarding.local/schemas/api/auth.json#/$defs/${name}` });

/** An auth failure in the spec's shape: `messages.user` or `messages.code`, plus details. */
function authFailure(status: number, field: 'user' | 'code', text: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, { messages: { [field]: [text] }, error: text, ...extra });
}

const lockedError = () => authFailure(423, 'user', message('auth.locked'), { blocked: true });

/** Sign-in and session calls: /api/v1/user/send_otp, verify_otp, login, logout; token info. */
export const authRoutes = (ctx: AppContext): FastifyPluginAsync => async (app: FastifyInstance) => {
  const { db, providers, config } = ctx;
  const limited = { rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };

  const signIn = async (user: UserRow, source: string) => {
    await ensureMerchantFor(db, user);
    return createSession(db, user.id, config.tokenTtlSeconds, source);
  };
  const sourceOf = (headers: Record<string, unknown>) => (typeof headers.source === 'string' && headers.source) || 'NA';

  app.post<{ Body: { identity: string } }>('/user/send_otp', { schema: { body: api('sendOtp') }, config: limited }, async (request) => {
    const { kind, value } = normaliseIdentity(request.body.identity);
    const user = await findOrCreateUser(db, value);
    if (user.locked) throw lockedError();
    const issued = await issueOtp(db, value, SIGN_IN);
    if (!issued.ok) throw authFailure(429, 'user', message('auth.resendTooSoon', { seconds: issued.waitSeconds }), { retry_after: issued.waitSeconds });
    await providers.messages.send({
      channel: channelOf(kind),
      recipient: value,
      subject: message('auth.otpMessage.subject'),
      body: message('auth.otpMessage.body', { code: issued.code, minutes: OTP_POLICY.ttlMinutes }),
    });
    return { message: message('auth.otpSent', { identity: value }), otp_length: OTP_POLICY.length, resend_after: OTP_POLICY.resendSeconds };
  });

  app.post<{ Body: { identity: string; otp: string } }>('/user/verify_otp', { schema: { body: api('verifyOtp') }, config: limited }, async (request) => {
    const { value } = normaliseIdentity(request.body.identity);
    const user = await findUserByIdentity(db, value);
    if (user?.locked) throw lockedError();
    const result = user ? await checkOtp(db, value, SIGN_IN, request.body.otp) : ({ ok: false, reason: 'expired' } as const);
    if (result.ok && user) return signIn(user, sourceOf(request.headers));
    if (!result.ok && result.reason === 'wrong') {
      if (result.attemptsLeft === 0 && user) {
        await lockUser(db, user.id, OTP_POLICY.lockMinutes);
        throw lockedError();
      }
      const text = result.attemptsLeft === 1 ? message('auth.otpLastAttempt') : message('auth.otpIncorrect', { attempts: result.attemptsLeft });
      throw authFailure(422, 'code', text, { attempts_left: result.attemptsLeft });
    }
    throw authFailure(422, 'code', message('auth.otpExpired'), { code: 'otp_already_used' });
  });

  app.post<{ Body: { identity: string; password: string } }>('/user/login', { schema: { body: api('login') }, config: limited }, async (request) => {
    const user = await findUserByIdentity(db, request.body.identity);
    if (user?.locked) throw lockedError();
    if (!user?.password_hash) throw authFailure(401, 'user', message(user ? 'auth.noPassword' : 'auth.unknownUser'), { error_description: 'NA' });
    if (await verifyPassword(request.body.password, user.password_hash)) {
      await db.query('update users set failed_password_attempts = 0 where id = $1', [user.id]);
      return signIn(user, sourceOf(request.headers));
    }
    const attemptsLeft = PASSWORD_ATTEMPTS - (user.failed_password_attempts + 1);
    if (attemptsLeft <= 0) {
      await lockUser(db, user.id, OTP_POLICY.lockMinutes);
      throw lockedError();
    }
    await db.query('update users set failed_password_attempts = failed_password_attempts + 1 where id = $1', [user.id]);
    const text = message('auth.passwordIncorrect', { attempts: attemptsLeft });
    throw authFailure(401, 'user', text, { attempts_left: attemptsLeft, error_description: text });
  });

  app.get('/app_config', async () => ({ sandbox: config.sandbox }));

  app.delete('/user/logout', { preHandler: authenticate(db) }, async (request, reply) => {
    await endSession(db, currentUser(request).token);
    return reply.code(204).send();
  });

  app.get<{ Querystring: { mid?: string } }>('/oauth/token/info', { preHandler: authenticate(db) }, async (request) => {
    const { userId, expiresIn } = currentUser(request);
    const membership = await permissionsOf(db, userId, request.query.mid);
    return {
      user_uuid: userId,
      expires_in: expiresIn,
      acl_role: {
        name: membership.roleName,
        acl_permissions: membership.permissions.map((name) => ({ name, scopes: [name] })),
      },
    };
  });

};
