import type { FastifyPluginAsync } from 'fastify';
import { evaluateStatus } from '../../rules/evaluate';
import rulesConfig from '../../rules/config';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError, validationError } from '../errors';
import { saveFile, type UploadLimits } from '../files/fileStore';
import { inspectedUpload, readMultipartUpload } from '../files/readMultipartUpload';
import { actingMembership } from '../merchants/editableMembership';
import { saveRecord, type MerchantRecord } from '../merchants/store';

/** The bank proof types (onboarding spec section 3): Cancelled Cheque, Bank Statement, Passbook, Bank Verification Letter. */
export const BANK_PROOF_TYPES = ['CC', 'BS', 'PB', 'BC'] as const;

const isBankProofType = (value: unknown): value is (typeof BANK_PROOF_TYPES)[number] => (BANK_PROOF_TYPES as readonly unknown[]).includes(value);
/** A bank proof is smaller than 5 MB, a PDF or an image (spec section 9). */
export const BANK_PROOF_LIMITS: UploadLimits = { maxBytes: 5 * 1024 * 1024, types: ['pdf', 'png', 'jpg'] };

/**
 * POST /merchants/{id}/bank_details/bank_verification_by_bank_proof (multipart: `proof_type` and `file`): a bank proof
 * for a bank detail that is not verified and has none yet (rules/status.json bankProofWanted). Cheap checks first:
 * who may send one and whether one is wanted (before the file is read), the file's size and type (while it streams),
 * the proof type; only then is the file parsed, off the request's thread. It is stored with the proof type in one
 * transaction; the bank verification becomes pending with the proof type recorded (spec section 4, for every type:
 * see the README's notes on CC).
 */
export const bankProofRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  app.addHook('onRequest', authenticate(db));

  app.post<{ Params: { id: string } }>('/merchants/:id/bank_details/bank_verification_by_bank_proof', async (request) => {
    const { userId } = currentUser(request);
    // Who may send one, and whether one is wanted, are checked before the file is read; again, locked, below.
    const { record: current } = await actingMembership(db, userId, request.params.id, 'bank-details');
    if (evaluateStatus(current, rulesConfig).bankProofWanted !== true) throw apiError('BANK_PROOF_NOT_WANTED');
    const { fields, upload } = await readMultipartUpload(request, {
      maxBytes: BANK_PROOF_LIMITS.maxBytes,
      fields: 4,
      fieldSize: 64,
      fileFields: ['file'],
      limitsFor: () => BANK_PROOF_LIMITS,
    });
    const proofType = fields.proof_type;
    if (!isBankProofType(proofType)) {
      throw validationError({ proof_type: [message('bankProof.typeRequired')] });
    }
    if (!upload) throw validationError({ file: [message('upload.missing')] });
    const checked = await inspectedUpload(upload, ctx.fileParser);

    const record = await db.transaction(async (tx) => {
      const { record: stored } = await actingMembership(tx, userId, request.params.id, 'bank-details', true);
      const bank = stored.bank_detail;
      if (!bank || evaluateStatus(stored, rulesConfig).bankProofWanted !== true) throw apiError('BANK_PROOF_NOT_WANTED');
      const file = await saveFile(tx, ctx.files, checked, { merchantUuid: stored.uuid, kind: 'bank_proof', createdBy: userId });
      const updated: MerchantRecord = {
        ...stored,
        bank_detail: {
          ...bank,
          bank_verification_status: 'pending',
          bank_verification_proof: proofType,
          bank_verification_proof_file_id: file.id,
        },
      };
      await saveRecord(tx, updated, userId, 'bank.proof', { proof_type: proofType, file_id: file.id, name: file.name, byte_size: file.byteSize });
      return updated;
    });
    return { message: message('bankProof.submitted'), merchant: record };
  });
};
