import type { FastifyPluginAsync } from 'fastify';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import { checkOtp, issueOtp, OTP_POLICY, otpRefusal } from '../auth/otp';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { bankUpdateTiming, issueAlternativeToken, ALTERNATIVE_TOKEN_TTL_SECONDS } from '../merchants/bankUpdate';
import { actingMembership } from '../merchants/editableMembership';

/** The changes an OTP can authorise (onboarding spec section 7, OTP), and the step each belongs to. */
const SCOPES = { update_bank_details: 'bank-details', update_website_details: 'website-details' } as const;
type Scope = keyof typeof SCOPES;

const OTP_BODY = (withCode: boolean) => ({
  type: 'object',
  required: ['otp'],
  additionalProperties: false,
  properties: {
    otp: {
      type: 'object',
      required: ['scope', 'merchant_uuid', ...(withCode ? ['code'] : [])],
      additionalProperties: false,
      properties: {
        scope: { enum: Object.keys(SCOPES) },
        merchant_uuid: { type: 'string', format: 'uuid' },
        channels: { type: 'array', items: { enum: ['email', 'sms'] }, maxItems: 2 },
        type: { type: 'string', maxLength: 20 },
        ...(withCode ? { code: { type: 'string', pattern: '^[0-9]{4}$' } } : {}),
      },
    },
  },
  errorMessage: { required: 'validation.required' },
});

/**
 * OTPs for sensitive changes (onboarding spec section 7): POST /otps sends a code to the signed-in user's own e-mail
 * and mobile (never to an address the request names) for a scope on one merchant; POST /otps/verify checks it and
 * answers a one-use alternative token for that change, which the change's call requires. Also GET the merchant's
 * bank-update timing, which the bank update modal shows first.
 */
export const otpRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, providers, clock, config } = ctx;
  app.addHook('onRequest', authenticate(db));
  const purposeOf = (scope: Scope, merchantUuid: string) => `${scope}:${merchantUuid}`;

  app.post<{ Body: { otp: { scope: Scope; merchant_uuid: string; channels?: Array<'email' | 'sms'> } } }>('/otps', { schema: { body: OTP_BODY(false) } }, async (request) => {
    const { userId } = currentUser(request);
    const { scope, merchant_uuid: merchantUuid, channels = ['email', 'sms'] } = request.body.otp;
    await actingMembership(db, userId, merchantUuid, SCOPES[scope]);
    const [user] = await db.query<{ email: string | null; mobile: string | null }>('select email, mobile from users where id = $1', [userId]);
    const issued = await issueOtp(db, userId, purposeOf(scope, merchantUuid));
    if (!issued.ok) throw new ApiError(429, { error: message('auth.resendTooSoon', { seconds: issued.waitSeconds }), retry_after: issued.waitSeconds });
    const recipients = [
      ...(channels.includes('email') && user?.email ? [{ channel: 'email' as const, recipient: user.email }] : []),
      ...(channels.includes('sms') && user?.mobile ? [{ channel: 'sms' as const, recipient: user.mobile }] : []),
    ];
    for (const { channel, recipient } of recipients) {
      await providers.messages.send({ channel, recipient, subject: message(`server.otp.${scope}.subject`), body: message(`server.otp.${scope}.body`, { code: issued.code, minutes: OTP_POLICY.ttlMinutes }) });
    }
    return { message: message('otp.sent'), otp_length: OTP_POLICY.length, resend_after: OTP_POLICY.resendSeconds, channels: recipients.map(({ channel }) => channel) };
  });

  app.post<{ Body: { otp: { scope: Scope; merchant_uuid: string; code: string } } }>('/otps/verify', { schema: { body: OTP_BODY(true) } }, async (request) => {
    const { userId } = currentUser(request);
    const { scope, merchant_uuid: merchantUuid, code } = request.body.otp;
    await actingMembership(db, userId, merchantUuid, SCOPES[scope]);
    const result = await checkOtp(db, userId, purposeOf(scope, merchantUuid), code);
    if (result.ok) {
      const token = await issueAlternativeToken(db, userId, merchantUuid, scope, clock.now());
      return { alternative_token: token, expires_in: ALTERNATIVE_TOKEN_TTL_SECONDS };
    }
    throw otpRefusal(result);
  });

  app.get<{ Params: { id: string } }>('/merchants/:id/bank_update_timing', async (request) => {
    const { userId } = currentUser(request);
    const { record } = await actingMembership(db, userId, request.params.id, 'bank-details');
    return bankUpdateTiming(db, record.uuid, config.bankUpdate);
  });
};
