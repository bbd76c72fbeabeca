import type { FastifyPluginAsync } from 'fastify';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError, ApiError, validationError } from '../errors';
import type { UploadLimits } from '../files/fileStore';
import { readMultipartUpload, uploadRefusal } from '../files/readMultipartUpload';
import { UploadRefused } from '../files/fileStore';
import { ParseRefused } from '../files/fileParser';
import type { OfflineXmlProblem } from '../identity/offlineXml';
import { claimAadhaarGuess, claimAadhaarSend, markAadhaarVerified, recordAadhaarRequest } from '../identity/aadhaar';
import { actingMembership } from '../merchants/editableMembership';
import { kycContextOf } from '../merchants/registeredAddress';
import { saveRecord, type MerchantRecord } from '../merchants/store';
import type { KnownPerson } from '../providers/types';

const API = 'https://onboarding.local/schemas/api/kyc.json';
/** An Aadhaar offline e-KYC file: a ZIP smaller than 5 MB (UIDAI's are a few hundred KB). */
const OFFLINE_XML_LIMITS: UploadLimits = { maxBytes: 5 * 1024 * 1024, types: ['zip'] };

/** What the merchant reads when an offline e-KYC file cannot be read, by why. */
const OFFLINE_XML_TEXTS: Record<OfflineXmlProblem, string> = {
  shareCode: 'kyc.xml.wrongShareCode',
  format: 'kyc.xml.unreadable',
  tooLarge: 'kyc.xml.tooLarge',
  damaged: 'kyc.xml.damaged',
};

/** A refusal the KYC dialogs show as the spec says: `error_message`, with attempts left or the time to wait. */
function kycRefusal(text: string, extra: { attempts_remaining?: number; time_remaining?: number } = {}): ApiError {
  return new ApiError(422, { error_message: text, error: text, ...extra });
}

/**
 * The identity checks of the KYC step (onboarding spec sections 4 and 7): Aadhaar e-KYC (consent, send OTP, verify
 * OTP) and central KYC by date of birth. A success completes the central KYC status and keeps the person's address
 * as the saved KYC address. Where the entity's registered address may be its signatory's own (an Individual, a Sole
 * Proprietorship: schemas/master/business-entities.json) the KYC form offers it as the registered address, so the
 * merchant types less; anywhere else the answer says the registered address is the business's to give, and the KYC
 * step refuses the signatory's address as it. OTP sends (and CKYC lookups) are capped per merchant and window,
 * guesses per OTP; each is taken in one database statement. Only the Aadhaar's last 4 digits are kept.
 */
export const kycRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, providers, clock } = ctx;
  app.addHook('onRequest', authenticate(db));

  /**
   * The answer to a successful identity check: central KYC completed, the person's address saved, and what the
   * merchant does next (check the address filled in, or give the business's registered address).
   */
  const completeKyc = async (record: MerchantRecord, person: KnownPerson, userId: string, via: string) => {
    const updated: MerchantRecord = { ...record, kyc_status: { kyc_status: 'COMPLETED' }, saved_kyc_address: person.address };
    await saveRecord(db, updated, userId, 'kyc.verified', { via });
    const next = kycContextOf(updated).registered_address_from_signatory ? 'kyc.verified' : 'kyc.verifiedSignatoryOnly';
    return { message: message(next), merchant: updated };
  };

  app.get<{ Params: { id: string } }>('/merchants/:id/kyc/kyc_status', async (request) => {
    const { record } = await actingMembership(db, currentUser(request).userId, request.params.id, 'kyc');
    const [consent] = await db.query("select 1 from merchant_acknowledgements where merchant_uuid = $1 and user_id = $2 and kind = 'aadhaar_consent'", [record.uuid, currentUser(request).userId]);
    return { kyc_status: (record.kyc_status as { kyc_status: string } | null)?.kyc_status ?? 'NOT_STARTED', consent: Boolean(consent), saved_kyc_address: record.saved_kyc_address };
  });

  app.post<{ Params: { id: string } }>('/merchants/:id/kyc/aadhaar_consent', { schema: { body: { $ref: `${API}#/$defs/consent` } } }, async (request) => {
    const { userId } = currentUser(request);
    const { record } = await actingMembership(db, userId, request.params.id, 'kyc');
    await db.query("insert into merchant_acknowledgements (merchant_uuid, user_id, kind) values ($1, $2, 'aadhaar_consent') on conflict do nothing", [record.uuid, userId]);
    return { consent: true };
  });

  app.post<{ Params: { id: string }; Body: { aadhaar_number: string } }>('/merchants/:id/kyc/aadhaar_send_otp', { schema: { body: { $ref: `${API}#/$defs/sendOtp` } } }, async (request) => {
    const { userId } = currentUser(request);
    const { record } = await actingMembership(db, userId, request.params.id, 'kyc');
    const [consent] = await db.query("select 1 from merchant_acknowledgements where merchant_uuid = $1 and user_id = $2 and kind = 'aadhaar_consent'", [record.uuid, userId]);
    if (!consent) throw kycRefusal(message('kyc.consentRequired'));
    const now = clock.now();
    const claim = await claimAadhaarSend(db, record.uuid, now);
    if (!claim.ok) throw kycRefusal(message('kyc.tooManySends'), { attempts_remaining: 0, time_remaining: claim.retryAfterSeconds });
    const aadhaar = request.body.aadhaar_number;
    const sent = await providers.identity.aadhaarSendOtp(aadhaar);
    if (!sent.sent) throw kycRefusal(sent.message, { attempts_remaining: claim.sendsLeft });
    await recordAadhaarRequest(db, record.uuid, aadhaar, sent.reference, now);
    return { attempts_remaining: claim.sendsLeft, message: message('kyc.otpSent', { last4: aadhaar.slice(-4) }) };
  });

  app.post<{ Params: { id: string }; Body: { aadhaar_number: string; otp: string } }>(
    '/merchants/:id/kyc/aadhaar_verify_otp',
    { schema: { body: { $ref: `${API}#/$defs/verifyOtp` } } },
    async (request) => {
      const { userId } = currentUser(request);
      const { record } = await actingMembership(db, userId, request.params.id, 'kyc');
      const now = clock.now();
      const guess = await claimAadhaarGuess(db, record.uuid, request.body.aadhaar_number, now);
      if (!guess) throw kycRefusal(message('kyc.otpExpired'), { attempts_remaining: 0 });
      const checked = await providers.identity.aadhaarVerifyOtp(guess.reference, request.body.otp);
      if (!checked.verified) throw kycRefusal(message('kyc.otpWrong'), { attempts_remaining: guess.attemptsLeft });
      await markAadhaarVerified(db, guess.id, now);
      return completeKyc(record, checked.person, userId, 'aadhaar');
    },
  );

  /**
   * The XML share-code path: the merchant's Aadhaar Paperless Offline e-KYC file (a ZIP from UIDAI, under 5 MB) and
   * its 4-digit share code, multipart with `share_code` before `file`. The file is read in memory only, never stored.
   */
  app.post<{ Params: { id: string } }>('/merchants/:id/kyc/aadhaar_xml', async (request) => {
    const { userId } = currentUser(request);
    const { record } = await actingMembership(db, userId, request.params.id, 'kyc');
    const { fields, upload } = await readMultipartUpload(request, {
      maxBytes: OFFLINE_XML_LIMITS.maxBytes,
      fields: 2,
      fieldSize: 16,
      fileFields: ['file'],
      limitsFor: () => OFFLINE_XML_LIMITS,
      typeText: message('kyc.xml.notZip'),
    });
    const shareCode = fields.share_code ?? '';
    if (!/^[0-9]{4}$/.test(shareCode)) throw validationError({ share_code: [message('validation.shareCode')] });
    if (!upload) throw validationError({ file: [message('upload.missing')] });
    const claim = await claimAadhaarSend(db, record.uuid, clock.now());
    if (!claim.ok) throw kycRefusal(message('kyc.tooManySends'), { attempts_remaining: 0, time_remaining: claim.retryAfterSeconds });
    // Opened and read in a parse worker: the XML inflated into a bounded buffer, parsed linearly, no DOCTYPE.
    const read = await ctx.fileParser.readOfflineKyc(upload.content, shareCode).catch((error: unknown) => {
      if (!(error instanceof ParseRefused)) throw error;
      if (error.reason === 'busy') throw uploadRefusal(new UploadRefused('busy'), null);
      return { problem: 'format' as const };
    });
    if ('problem' in read) throw kycRefusal(message(OFFLINE_XML_TEXTS[read.problem]), { attempts_remaining: claim.sendsLeft });
    if (!(await providers.identity.verifyOfflineXml(read.xml))) throw kycRefusal(message('kyc.xml.notSigned'), { attempts_remaining: claim.sendsLeft });
    return completeKyc(record, read.person, userId, 'aadhaar_xml');
  });

  app.post<{ Params: { id: string }; Body: { dob: string } }>('/merchants/:id/kyc/ckyc', { schema: { body: { $ref: `${API}#/$defs/ckyc` } } }, async (request) => {
    const { userId } = currentUser(request);
    const { record } = await actingMembership(db, userId, request.params.id, 'kyc');
    if (typeof record.pancard_number !== 'string') throw apiError('STEP_LOCKED');
    const claim = await claimAadhaarSend(db, record.uuid, clock.now());
    if (!claim.ok) throw kycRefusal(message('kyc.tooManySends'), { attempts_remaining: 0, time_remaining: claim.retryAfterSeconds });
    const found = await providers.identity.centralKyc(record.pancard_number, request.body.dob);
    if (!found.found) throw kycRefusal(message('kyc.ckycNotFound'), { attempts_remaining: claim.sendsLeft });
    return completeKyc(record, found.person, userId, 'ckyc');
  });
};
