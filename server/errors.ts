import { message } from '../schemas/messages';
import type { FieldErrors } from '../schemas/types';

/** The API's error table: one code, one HTTP status, one catalogue key. */
export const ERRORS = {
  UNAUTHORIZED: { status: 401, key: 'auth.unauthorized' },
  FORBIDDEN: { status: 403, key: 'error.forbidden' },
  NOT_FOUND: { status: 404, key: 'error.notFound' },
  IFSC_NOT_FOUND: { status: 404, key: 'validation.ifscNotFound' },
  STEP_LOCKED: { status: 409, key: 'error.stepLocked' },
  PENNY_NOT_READY: { status: 409, key: 'penny.notReady' },
  PENNY_ALREADY_VERIFIED: { status: 409, key: 'penny.alreadyVerified' },
  UPI_BANK_VERIFIED: { status: 409, key: 'penny.alreadyVerified' },
  UPI_SIGNATURE_INVALID: { status: 401, key: 'upi.signatureInvalid' },
  OTP_TOKEN_INVALID: { status: 403, key: 'bankUpdate.tokenInvalid' },
  BANK_PROOF_NOT_WANTED: { status: 409, key: 'bankProof.notWanted' },
  DOCUMENT_UNDER_REVIEW: { status: 409, key: 'documents.underReview' },
  DOCUMENT_NOT_SUBMITTED: { status: 409, key: 'documents.notSubmitted' },
  DOCUMENT_NOT_ASKED: { status: 409, key: 'documents.notAsked' },
  SIGNATORY_MISSING: { status: 409, key: 'documents.signatoryMissing' },
  AGREEMENT_NOT_GENERATED: { status: 409, key: 'server.agreement.notGenerated' },
  AGREEMENT_NOT_ACCEPTED: { status: 409, key: 'server.esign.notAccepted' },
  AGREEMENT_COPY_NOT_WANTED: { status: 409, key: 'server.agreement.copyNotWanted' },
  ADDENDUM_NOT_OPEN: { status: 409, key: 'addendum.acceptFailed' },
  ADDENDUM_IN_REVIEW: { status: 409, key: 'server.addendum.inReview' },
  ADDENDUM_NOT_NEEDED: { status: 409, key: 'server.addendum.notNeeded' },
  PLAN_NOT_OPEN: { status: 409, key: 'server.plans.notOpen' },
  TERMS_NOT_REQUIRED: { status: 409, key: 'server.terms.notRequired' },
  TERMS_OTHER_PRODUCT: { status: 409, key: 'server.terms.otherProduct' },
  PERMISSION_NOT_HELD: { status: 403, key: 'server.team.permissionNotHeld' },
  OWN_ROLE_FIXED: { status: 403, key: 'server.team.ownRoleFixed' },
  OWNER_ROLE_FIXED: { status: 403, key: 'server.team.ownerRoleFixed' },
  TOO_MANY_PAGES: { status: 422, key: 'documents.maxPages' },
  PAGE_ORDER_INVALID: { status: 422, key: 'documents.orderInvalid' },
  TOO_MANY_REQUESTS: { status: 429, key: 'auth.tooManyRequests' },
  // A program's mistake, never shown to a merchant: the code says what was refused.
  ANALYTICS_EVENT_NOT_ALLOWED: { status: 422, key: 'error.generic' },
  CABLE_PROTOCOL_REQUIRED: { status: 400, key: 'error.generic' },
  INTERNAL: { status: 500, key: 'error.server' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** An error the API answers with a known status and body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${status}`);
  }
}

/** An error of the table: `{ error: text, code }` with the table's status. */
export function apiError(code: ErrorCode, params: Record<string, string | number> = {}): ApiError {
  const entry = ERRORS[code];
  return new ApiError(entry.status, { error: message(entry.key, params), code });
}

/** A 422 refusal: `{ errors: { field: [message] } }`. */
export function validationError(errors: FieldErrors): ApiError {
  return new ApiError(422, { errors });
}
