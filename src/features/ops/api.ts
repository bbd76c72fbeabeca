import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { VersionSummary } from '../../../schemas/api/versionSummaryAnswer';
import { apiFetch } from '../../shared/api/fetcher';

/** The operations console's calls (server/routes/ops.ts). */
export const opsKeys = {
  me: '/api/v1/ops/me',
  requirements: '/api/v1/ops/document-requirements',
  version: (version: number) => `/api/v1/ops/document-requirements/versions/${version}`,
  diff: (version: number, against: number) => `/api/v1/ops/document-requirements/versions/${version}/diff?against=${against}`,
  fixtures: (version: number) => `/api/v1/ops/document-requirements/versions/${version}/fixtures`,
  queue: (filters: QueueFilters, after?: string) => `/api/v1/ops/review-queue?${new URLSearchParams(Object.entries({ ...filters, after }).filter((entry): entry is [string, string] => Boolean(entry[1])))}`,
  audit: '/api/v1/ops/audit',
} as const;

export type StaffRole = 'ops_admin' | 'ops_reviewer' | 'ops_viewer';

export interface EntityDocuments {
  entity: string;
  documents: { required: string[]; optional: string[]; types: Record<string, string[]> };
}

/** A version as the console lists it, and where it stands: the types of the server's answer schema. */
export type { VersionStatus, VersionSummary } from '../../../schemas/api/versionSummaryAnswer';

export interface VersionBody {
  catalogue: Record<string, unknown>;
  documents: { requirements: unknown[] } & Record<string, unknown>;
}

export interface RequirementsState {
  published: { version: number; body: VersionBody; published_at: string; published_by: string | null };
  versions: VersionSummary[];
  entities: EntityDocuments[];
  following_published: number;
}

export interface VersionDiff {
  from: number;
  to: number;
  entities: Array<{ entity: string; rows: Array<{ category: string; from: string; to: string }> }>;
  catalogue: { added: string[]; removed: string[]; changed: string[] };
}

export interface FixtureResults {
  fixtures: number;
  passed: number;
  failures: Array<{ fixture: string; message: string }>;
}

export interface QueueFilters {
  status?: string;
  entity?: string;
  category?: string;
  /** A MID, PAN, e-mail or the beginning of a name. */
  q?: string;
  /** One merchant's items (its uuid). */
  merchant?: string;
}

/** Whose document an item is (the category's owner in the requirements): whose data it must match. */
export type DocumentOwner = 'company' | 'signing_authority' | 'beneficial_owner';

/** A page of the queue: 50 items as the list shows them, the next page's cursor (null on the last), the items waiting per category. */
export interface QueuePage {
  documents: QueueListItem[];
  next?: string | null;
  counts?: Record<string, number>;
}

/** What the queue's list shows of an item; opening it fetches the whole item with its merchant's (`merchant=`). */
export type QueueListItem = Pick<QueuedDocument, 'kind' | 'uuid' | 'status' | 'remarks' | 'document_category' | 'category_label' | 'document_type' | 'document_type_label' | 'owner' | 'file' | 'waiting_since'> & {
  merchant: Pick<QueuedDocument['merchant'], 'uuid' | 'mid' | 'name' | 'email' | 'business_entity' | 'pancard_number' | 'pancard_name' | 'business_name'>;
};

/** A page of one merchant's items (`merchant=`): whole items, with the data each must be checked against. */
interface MerchantQueuePage {
  documents: QueuedDocument[];
  next?: string | null;
}

export interface QueuedDocument {
  /** A KYC document (reviewed by the document review call), a bank proof, a website or an addendum (the console's own reviews). */
  kind: 'document' | 'bank_proof' | 'website' | 'addendum';
  uuid: string;
  status: string;
  remarks: string | null;
  document_category: string;
  category_label: string;
  document_type: string | null;
  /** The document type's label in the merchant's requirements (a KYC document's). */
  document_type_label?: string | null;
  /** A KYC document's owner; null for the queue's own kinds. */
  owner?: DocumentOwner | null;
  file: string | null;
  waiting_since: string;
  /** A website's documents the merchant sent for it (in force), reviewed with it. */
  documents?: Array<{ category_label: string; status: string; file: string; filename: string; byte_size: number }>;
  /** An addendum's details now and asked for (server/addenda). */
  old_data?: Record<string, unknown>;
  new_data?: Record<string, unknown>;
  merchant: {
    uuid: string;
    mid: string;
    name: string | null;
    email?: string | null;
    business_entity: string | null;
    pancard_number: string | null;
    pancard_name: string | null;
    business_name: string | null;
    gst_number: string | null;
    document_status: string | null;
    registered_address?: { address_line: string; city: string; pincode: string; state: string } | null;
    signatories?: Array<{ name: string | null; pancard_number: string | null; email: string | null }>;
    beneficial_owners?: Array<{ name: string | null; pancard_number: string | null; ownership_percentage: number | null }>;
    holder_name?: string | null;
    website_url?: string | null;
    android_url?: string | null;
    ios_url?: string | null;
    liveliness_status?: string | null;
    domain_status_by_merchant?: string | null;
    bank_account_number?: string | null;
    ifsc_code?: string | null;
  };
}

export interface AuditEntry {
  id: string;
  action: string;
  detail: Record<string, string | number | null>;
  created_at: string;
  user: string | null;
}

const get = <T,>(path: string) => apiFetch<T>(path);

export const useStaffRole = () => useSWR(opsKeys.me, (path: string) => get<{ role: StaffRole }>(path).then((body) => body.role), { shouldRetryOnError: false });
export const useRequirements = () => useSWR(opsKeys.requirements, get<RequirementsState>);
export const useDiff = (version: number, against: number) => useSWR(opsKeys.diff(version, against), get<VersionDiff>);
export const useFixtureResults = (version: number) => useSWR(opsKeys.fixtures(version), get<FixtureResults>);
/** The queue's pages as the reviewer asks for more: each page's key continues after the one before (its `next`). */
export const useReviewQueue = (filters: QueueFilters) =>
  useSWRInfinite((index: number, previous: QueuePage | null) => (index === 0 ? opsKeys.queue(filters) : previous?.next ? opsKeys.queue(filters, previous.next) : null), get<QueuePage>);

/** Every waiting item of one merchant, page after page (a merchant's documents for a review one after another). */
export async function merchantQueue(merchant: string): Promise<QueuedDocument[]> {
  const items: QueuedDocument[] = [];
  for (let after: string | undefined; ; ) {
    const page = await get<MerchantQueuePage>(opsKeys.queue({ merchant }, after));
    items.push(...page.documents);
    if (!page.next) return items;
    after = page.next;
  }
}
export const useAudit = () => useSWR(opsKeys.audit, (path: string) => get<{ entries: AuditEntry[] }>(path).then((body) => body.entries));

/** A time as staff read it: date and time in the browser's locale. */
export const shownTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
