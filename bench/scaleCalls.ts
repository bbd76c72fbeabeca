import type { LoadCall } from './scaleLoad';

/** A merchant's owner signed in for the bench, and what the queue's search finds the merchant by. */
export interface SignedInOwner {
  merchantUuid: string;
  token: string;
  mid: string;
  pan: string | null;
  email: string;
  name: string;
}

const API = '/api/v1';

/** The merchant's read calls, by their name on the printed line: the path of merchant `id`. */
const MERCHANT_READS: Array<[string, (id: string) => string]> = [
  ['GET merchants (own list)', () => '/merchants'],
  ['GET merchant', (id) => `/merchants/${id}`],
  ['GET fetch_display_name', (id) => `/merchants/${id}/fetch_display_name`],
  ['GET merchant_docs_req', (id) => `/merchants/${id}/merchant_docs_req`],
  ['GET kyc_documents', (id) => `/merchants/${id}/kyc_documents`],
  ['GET kyc_status', (id) => `/merchants/${id}/kyc/kyc_status`],
  ['GET document_status_verification', (id) => `/merchants/${id}/document_status_verification`],
  ['GET generated_agreements', (id) => `/merchants/${id}/generated_agreements`],
  ['GET get_signatory_details', (id) => `/merchants/${id}/get_signatory_details`],
  ['GET addenda', (id) => `/merchants/${id}/addenda`],
  ['GET bank_update_timing', (id) => `/merchants/${id}/bank_update_timing`],
  ['GET acl_roles', (id) => `/merchants/${id}/acl_roles`],
  ['GET staff_invites', (id) => `/merchants/${id}/staff_invites`],
  ['GET children', (id) => `/merchants/${id}/children`],
];

/** A random element of a list that is not empty. */
const anyOf = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** Every merchant read call, each request as a random one of `owners` asking about their own merchant. */
export function merchantCalls(owners: readonly SignedInOwner[]): LoadCall[] {
  return MERCHANT_READS.map(([name, path]) => ({
    name,
    next: () => {
      const owner = anyOf(owners);
      return { path: API + path(owner.merchantUuid), token: owner.token };
    },
  }));
}

/** The merchant read calls mixed: each request the next of them in turn, for a random one of `owners`. */
export function mixedMerchantReads(owners: readonly SignedInOwner[]): LoadCall {
  const calls = merchantCalls(owners);
  let turn = 0;
  return { name: 'mixed merchant reads', next: () => calls[turn++ % calls.length]!.next() };
}

/** The merchant GET alone, for the run beside the reviewers. */
export function merchantGet(owners: readonly SignedInOwner[]): LoadCall {
  return merchantCalls(owners).find((call) => call.name === 'GET merchant')!;
}

/** The review queue's first page, unfiltered: what a reviewer opens (and reloads). */
export const REVIEW_QUEUE_PATH = `${API}/ops/review-queue`;

/**
 * Every staff read call as a reviewer: the review queue unfiltered, filtered, searched (by a random owner's MID, PAN,
 * e-mail and name) and its second page (`secondPage`, the first page's `next`), then the requirements and the audit.
 */
export function staffCalls(token: string, owners: readonly SignedInOwner[], secondPage: string | null, entity: string): LoadCall[] {
  const fixed = (name: string, path: string): LoadCall => ({ name, next: () => ({ path, token }) });
  const search = (name: string, term: (owner: SignedInOwner) => string | null): LoadCall => ({
    name,
    next: () => {
      const owner = anyOf(owners);
      return { path: `${REVIEW_QUEUE_PATH}?q=${encodeURIComponent(term(owner) ?? owner.name)}`, token };
    },
  });
  return [
    fixed('review queue', REVIEW_QUEUE_PATH),
    ...(secondPage ? [fixed('review queue, second page', `${REVIEW_QUEUE_PATH}?after=${encodeURIComponent(secondPage)}`)] : []),
    fixed(`review queue, entity = ${entity}`, `${REVIEW_QUEUE_PATH}?entity=${encodeURIComponent(entity)}`),
    fixed('review queue, status = DOCUMENT_REUPLOADED', `${REVIEW_QUEUE_PATH}?status=DOCUMENT_REUPLOADED`),
    ...['BANK_PROOF', 'WEBSITE', 'ADDENDUM', 'GOVT_ISSUED_CERTIFICATE'].map((category) => fixed(`review queue, category = ${category}`, `${REVIEW_QUEUE_PATH}?category=${category}`)),
    search('review queue, search by MID', (owner) => owner.mid),
    search('review queue, search by PAN', (owner) => owner.pan),
    search('review queue, search by e-mail', (owner) => owner.email),
    search('review queue, search by name', (owner) => owner.name.split(' ')[0]!),
    fixed('GET /ops/document-requirements', `${API}/ops/document-requirements`),
    fixed('GET /ops/audit', `${API}/ops/audit`),
    fixed('GET /ops/me', `${API}/ops/me`),
  ];
}
