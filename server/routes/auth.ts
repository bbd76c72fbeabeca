import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { message } from '../../schemas/messages';
import { ApiError, apiError } from '../errors';
import { authenticate, bearerOf, currentUser } from '../auth/authenticate';
import { checkPassword } from '../auth/checkPassword';
import { channelOf, normaliseIdentity } from '../auth/identity';
import { checkOtp, isOtpLocked, issueOtp, OTP_POLICY, otpAttempts } from '../auth/otp';
import { createSession, endSession, endSessionsOf, userOfToken } from '../auth/sessions';
import { claimAddressAttempt, claimAttempt, clearAttempts, returnAddressAttempt, SIGN_IN_ATTEMPTS } from '../auth/signInAttempts';
import { issueUnlockCode, UNLOCK_CODE_POLICY, useUnlockCode } from '../auth/unlockCodes';
import { findOrCreateUser, findUserByIdentity, type UserRow } from '../auth/users';
import { ensureMerchantFor, hasPermission, loadMembership, permissionsOf } from '../merchants/store';
import { partnerGrantOf } from '../oauth/partners';
import type { AppContext } from '../context';
import { requestedProduct } from '../http/requestedProduct';
import { unlockLink } from '../../common/session/unlockLink';

const SIGN_IN = 'SignIn';
const api = (name: string) => ({ $ref: `https://onboarding.local/schemas/api/auth.json#/$defs/${name}` });

/** An auth failure in the spec's shape: `messages.user` or `messages.code`, plus details. */
function authFailure(status: number, field: 'user' | 'code', text: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, { messages: { [field]: [text] }, error: text, ...extra });
}

const lockedError = () => authFailure(423, 'user', message('auth.locked'), { blocked: true });

/** Sign-in and session calls: /api/v1/user/send_otp, verify_otp, login, unlock, logout; token info. */
export const authRoutes = (ctx: AppContext): FastifyPluginAsync => async (app: FastifyInstance) => {
  const { db, providers, config } = ctx;
  const limited = { rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };
  // The identity is normalised before it is validated: a mobile number typed as `+91 98765 43210` is a good one.
  app.addHook('preValidation', async (request) => {
    const body = request.body as { identity?: unknown } | undefined;
    if (body && typeof body.identity === 'string') body.identity = normaliseIdentity(body.identity).value;
  });

  const sourceOf = (headers: Record<string, unknown>) => (typeof headers.source === 'string' && headers.source) || 'NA';
  /** A session for the user; a first sign-in also makes their merchant, on the product of the host it came through. */
  const signIn = async (user: UserRow, request: FastifyRequest) => {
    const source = sourceOf(request.headers);
    await ensureMerchantFor(db, user, { product: requestedProduct(request), business_origin: source });
    return createSession(db, user.id, config.tokenTtlSeconds, source);
  };
  /**
   * The refusal of a locked sign-in. The failure that started the lock sends the unlock instruction the text promises
   * to the identity itself, when it is a user's (their e-mail or mobile, never the caller): a one-use code and a link
   * to the unlock screen. The user's sessions go on: a stranger's guesses must not sign the owner out.
   */
  const refuseLocked = async (identity: string, startedLock: boolean) => {
    const user = startedLock ? await findUserByIdentity(db, identity) : null;
    if (user) {
      const code = await issueUnlockCode(db, identity);
      const link = unlockLink(config.publicUrl, identity, code);
      // A delivery that fails leaves the lock to end by itself: the caller is answered the lock all the same.
      await providers.messages
        .send({
          channel: channelOf(normaliseIdentity(identity).kind),
          recipient: identity,
          subject: message('auth.unlockMessage.subject'),
          body: message('auth.unlockMessage.body', { code, link, minutes: UNLOCK_CODE_POLICY.ttlMinutes }),
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'the unlock instruction was not delivered'));
    }
    return lockedError();
  };
  /**
   * Counts an attempt of the client's address before its secret is checked (and before the identity's count): an
   * address that used up its failures for the window is refused, and no identity is charged.
   */
  const claimForAddress = async (request: FastifyRequest) => {
    const claim = await claimAddressAttempt(db, request.ip, config.signInAddressLimit);
    if (claim.allowed) return;
    const text = message('auth.addressSlowedDown', { minutes: Math.ceil(claim.waitSeconds / 60) });
    throw authFailure(429, 'user', text, { retry_after: claim.waitSeconds });
  };

  app.post<{ Body: { identity: string } }>('/user/send_otp', { schema: { body: api('sendOtp') }, config: limited }, async (request) => {
    const { kind, value } = normaliseIdentity(request.body.identity);
    if (await isOtpLocked(db, value, SIGN_IN)) throw lockedError();
    await findOrCreateUser(db, value);
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
    await claimForAddress(request);
    const result = await checkOtp(db, value, SIGN_IN, request.body.otp);
    // A right code, or none to check (expired, used): no failure of the address.
    if (result.ok || result.reason === 'expired') await returnAddressAttempt(db, request.ip);
    if (result.ok) {
      await clearAttempts(db, value, 'password');
      return signIn(await findOrCreateUser(db, value), request);
    }
    if (result.reason === 'locked') throw await refuseLocked(value, result.startedLock);
    if (result.reason === 'wrong') {
      const text = result.attemptsLeft === 1 ? message('auth.otpLastAttempt') : message('auth.otpIncorrect', { attempts: result.attemptsLeft });
      throw authFailure(422, 'code', text, { attempts_left: result.attemptsLeft });
    }
    throw authFailure(422, 'code', message('auth.otpExpired'), { code: 'otp_already_used' });
  });

  app.post<{ Body: { identity: string; password: string } }>('/user/login', { schema: { body: api('login') }, config: limited }, async (request) => {
    const { value } = normaliseIdentity(request.body.identity);
    await claimForAddress(request);
    const result = await checkPassword(db, value, request.body.password);
    if (result.ok) {
      await returnAddressAttempt(db, request.ip);
      return signIn(result.user, request);
    }
    if (result.reason === 'locked') throw await refuseLocked(value, result.startedLock);
    const text = message('auth.signInIncorrect', { attempts: result.attemptsLeft });
    throw authFailure(401, 'user', text, { attempts_left: result.attemptsLeft, error_description: text });
  });

  // The unlock instruction's call: its code, used once, lifts the password and OTP sign-in locks of the identity. Every
  // answer is the same for an identity that is no user's; the codes are counted per identity (a limit of their own) and
  // per client address, before the code is checked.
  app.post<{ Body: { identity: string; code: string } }>('/user/unlock', { schema: { body: api('unlock') }, config: limited }, async (request) => {
    const { value } = normaliseIdentity(request.body.identity);
    await claimForAddress(request);
    const attempt = await claimAttempt(db, value, 'unlock');
    if (!attempt.allowed) throw authFailure(429, 'user', message('auth.unlockTooMany', { minutes: SIGN_IN_ATTEMPTS.lockMinutes }));
    if (!(await useUnlockCode(db, value, request.body.code))) throw authFailure(422, 'code', message('auth.unlockInvalid'), { attempts_left: attempt.attemptsLeft });
    await returnAddressAttempt(db, request.ip);
    await clearAttempts(db, value, 'password', otpAttempts(SIGN_IN), 'unlock');
    return { message: message('auth.unlocked') };
  });

  // embed_origins: the origins allowed to embed the app, to which alone it posts host messages and from which alone it
  // reads them (src/shared/host/hostMessaging.ts); the list the Content-Security-Policy's frame-ancestors names.
  // redirect_hosts, logout_redirect_hosts: where the hand-off screens may send the user (/account/service_login,
  // /account/service_logout; common/redirect/allowedRedirect.ts reads them); logout_urls: the product logout targets.
  app.get('/app_config', async () => ({
    sandbox: config.sandbox,
    embed_origins: config.embedOrigins,
    redirect_hosts: config.redirectHosts,
    logout_redirect_hosts: [...config.redirectHosts, ...config.logoutRedirectHosts],
    logout_urls: config.logoutUrls,
  }));

  app.delete<{ Querystring: { all?: 'true' | 'false' } }>(
    '/user/logout',
    { schema: { querystring: api('logoutQuery') }, onRequest: authenticate(db) },
    async (request, reply) => {
      const { userId, token } = currentUser(request);
      if (request.query.all === 'true') await endSessionsOf(db, userId);
      else await endSession(db, token);
      return reply.code(204).send();
    },
  );

  // Token info (platform spec sections 6, 7): the role and permissions of a session's user for a merchant (by mid; the
  // first merchant without one), or what a partner's access token (POST oauth/token) grants: its one merchant, and the
  // partner's scopes that the user still holds there, so a role changed or a membership ended since the consent
  // narrows or ends it at once.
  // A call without any bearer is refused before its query is read, as the calls behind `authenticate` are.
  const bearerRequired = async (request: FastifyRequest) => {
    if (!bearerOf(request)) throw apiError('UNAUTHORIZED');
  };
  app.get<{ Querystring: { mid?: string } }>('/oauth/token/info', { onRequest: bearerRequired }, async (request) => {
    const token = bearerOf(request);
    const session = token ? await userOfToken(db, token) : null;
    if (session) {
      const membership = await permissionsOf(db, session.userId, request.query.mid);
      return {
        user_uuid: session.userId,
        expires_in: session.expiresIn,
        acl_role: { name: membership.roleName, acl_permissions: membership.permissions.map((name) => ({ name, scopes: [name] })) },
      };
    }
    const grant = token ? await partnerGrantOf(db, token) : null;
    if (!grant) throw apiError('UNAUTHORIZED');
    // The user no longer acts for the merchant (membership ended): the grant ended with it.
    const membership = await loadMembership(db, grant.userId, grant.merchantUuid).catch((error: unknown) => {
      if (error instanceof ApiError) return null;
      throw error;
    });
    if (!membership) throw apiError('UNAUTHORIZED');
    const asked = request.query.mid;
    if (asked !== undefined && asked !== '' && asked !== String(grant.mid) && asked !== grant.merchantUuid) throw apiError('NOT_FOUND');
    const scopes = grant.scopes.filter((scope) => hasPermission(membership, scope));
    return {
      user_uuid: grant.userId,
      expires_in: grant.expiresIn,
      client_id: grant.clientId,
      merchant_uuid: grant.merchantUuid,
      mid: grant.mid,
      scope: scopes.join(' '),
      acl_role: { name: grant.partnerName, acl_permissions: scopes.map((name) => ({ name, scopes: [name] })) },
    };
  });

};
