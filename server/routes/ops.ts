import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { JsonValue } from '../../rules/types';
import { authenticate, currentUser } from '../auth/authenticate';
import { REVIEW_ROLES, staffRoleOf, type StaffRole } from '../auth/staff';
import { lockedRecord, saveRecord, type MerchantRecord } from '../merchants/store';
import { isUuid, parseRecordId } from '../merchants/parseIds';
import { notifyProfile } from '../penny/profileEvents';
import type { AppContext } from '../context';
import { diffVersions, fixtureFailures, latestAuditEntries, requirementsByEntity, storedFixtureProblem, versionBodyErrors, type VersionStatus } from '../documents/requirementVersions';
import { createDraftVersion, merchantsFollowingPublished, publishVersion, unpinMerchants, versionSummaries, type PublishAction } from '../documents/requirementVersionStore';
import { deleteStoredFixture, saveStoredFixture, storedFixtures } from '../documents/requirementFixtures';
import { message } from '../../schemas/messages';
import { ApiError, apiError, validationError } from '../errors';
import { isStorableText } from '../http/refuseUnsafeStrings';
import { withComment, type WebsiteComment } from './website';
import { reviewWebsiteDocuments, websiteCategoryById } from '../documents/websiteDocuments';
import { decodeQueueCursor, encodeQueueCursor, parseQueueSearch, QUEUE_PAGE_SIZE, waitingCounts, waitingItems, WEBSITE_IN_REVIEW } from '../documents/reviewQueue';
import { queuedItems } from '../documents/queuedItems';
import { requirementsAnswerSchema } from '../../schemas/api/versionSummaryAnswer';
import { notifyDocumentReviewed } from '../notifications/merchantNotifications';

/** A reviewer's verdict on a website: a website approval status of the record (schemas/api/ops.json websiteReview). */
type WebsiteReview = Exclude<NonNullable<MerchantRecord['website_detail']>['website_approval_status'], null>;


const API = 'https://onboarding.local/schemas/api/ops.json';
const BASE = '/ops/document-requirements';
/** PostgreSQL's integer maximum: a version number beyond it names no version. */
const INTEGER_MAX = 2_147_483_647;
/** How many entries the audit list shows. */
const AUDIT_ENTRIES = 200;

const READ: readonly StaffRole[] = ['ops_admin', 'ops_reviewer', 'ops_viewer'];
const EDIT: readonly StaffRole[] = ['ops_admin'];

/**
 * The operations console's calls: the document requirements as versions (list, create a draft, diff, fixtures,
 * publish, roll back, migrate pinned merchants) and the audit list. Staff only, by role: ops_admin edits and publishes,
 * every staff role reads; anyone else (a merchant) gets 403.
 */
export const opsRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, ajv, requirements, clock } = ctx;
  app.addHook('onRequest', authenticate(db));

  /** The caller's id if their staff role is one of `roles`; 403 otherwise. */
  const staff = async (request: FastifyRequest, roles: readonly StaffRole[]) => {
    const { userId } = currentUser(request);
    const role = await staffRoleOf(db, userId);
    if (!role || !roles.includes(role)) throw apiError('FORBIDDEN');
    return userId;
  };

  /** A version number from a path or query, read as record ids are (decimal, 1 up), within the column's integer range. */
  const versionNumber = (text: string): number => {
    const number = parseRecordId(text);
    if (number === null || number > INTEGER_MAX) throw apiError('NOT_FOUND');
    return number;
  };

  const versionOrNotFound = async (number: number) => {
    const found = await requirements.version(number);
    if (!found) throw apiError('NOT_FOUND');
    return found;
  };

  app.get(BASE, { schema: { response: { 200: requirementsAnswerSchema } } }, async (request) => {
    await staff(request, READ);
    await requirements.seeded();
    const published = await requirements.current();
    const versions = await versionSummaries(db);
    const row = versions.find((version) => version.version === published.version)!;
    return {
      published: { version: published.version, body: { catalogue: published.catalogue, documents: published.documents }, published_at: row.published_at, published_by: row.published_by },
      versions,
      entities: requirementsByEntity(published),
      following_published: await merchantsFollowingPublished(db),
    };
  });

  app.get<{ Params: { v: string } }>(`${BASE}/versions/:v`, async (request) => {
    await staff(request, READ);
    const found = await versionOrNotFound(versionNumber(request.params.v));
    const summary = (await versionSummaries(db)).find((version) => version.version === found.version)!;
    return { ...summary, body: { catalogue: found.catalogue, documents: found.documents }, entities: requirementsByEntity(found) };
  });

  app.post<{ Body: { body: Record<string, unknown>; note: string } }>(`${BASE}/versions`, { schema: { body: { $ref: `${API}#/$defs/createVersion` } } }, async (request, reply) => {
    const userId = await staff(request, EDIT);
    await requirements.seeded();
    const errors = versionBodyErrors(ajv, request.body.body);
    if (Object.keys(errors).length) throw validationError(Object.fromEntries(Object.entries(errors).map(([path, messages]) => [path ? `body.${path}` : 'body', messages])));
    const version = await createDraftVersion(db, userId, request.body.body, request.body.note);
    reply.code(201);
    return { version, status: 'draft' satisfies VersionStatus };
  });

  app.get<{ Params: { v: string }; Querystring: { against?: string } }>(`${BASE}/versions/:v/diff`, async (request) => {
    await staff(request, READ);
    const to = await versionOrNotFound(versionNumber(request.params.v));
    const from = request.query.against === undefined ? await requirements.current() : await versionOrNotFound(versionNumber(request.query.against));
    return diffVersions(from, to);
  });

  app.get<{ Params: { v: string } }>(`${BASE}/versions/:v/fixtures`, async (request) => {
    await staff(request, READ);
    const found = await versionOrNotFound(versionNumber(request.params.v));
    const fixtures = await storedFixtures(db);
    const failures = fixtureFailures(ajv, found, fixtures);
    return { fixtures: fixtures.length, passed: fixtures.filter((fixture) => !failures.some((failure) => failure.fixture === fixture.name)).length, failures };
  });

  /** Makes `number` the published version (from `allowed` statuses); the one published before retires. */
  const publish = async (userId: string, number: number, allowed: readonly VersionStatus[], action: PublishAction) => {
    const outcome = await publishVersion(db, userId, number, allowed, action);
    if (!outcome) throw apiError('NOT_FOUND');
    if (!outcome.published) {
      const params = { version: number, status: outcome.status, allowed: allowed.join(' or '), action: action === 'requirements.published' ? 'published' : 'rolled back to' };
      throw new ApiError(409, { error: message('ops.error.versionStatus', params), code: 'VERSION_STATUS' });
    }
    requirements.invalidate();
    return { version: number, status: 'published' satisfies VersionStatus, merchants_affected: outcome.merchantsAffected };
  };

  app.post<{ Params: { v: string } }>(`${BASE}/versions/:v/publish`, async (request, reply) => {
    const userId = await staff(request, EDIT);
    const number = versionNumber(request.params.v);
    const draft = await versionOrNotFound(number);
    const failures = fixtureFailures(ajv, draft, await storedFixtures(db));
    if (failures.length) return reply.code(422).send({ error: message('ops.publish.refused', { version: number }), failures });
    return publish(userId, number, ['draft'], 'requirements.published');
  });

  /** Re-publishes a version published before (retired): not gated by today's fixtures, it restores a known state. */
  app.post<{ Params: { v: string } }>(`${BASE}/versions/:v/rollback`, async (request) => {
    const userId = await staff(request, EDIT);
    const number = versionNumber(request.params.v);
    await versionOrNotFound(number);
    return publish(userId, number, ['retired'], 'requirements.rolled_back');
  });

  app.post<{ Body: { from?: number } }>(`${BASE}/migrate`, { schema: { body: { $ref: `${API}#/$defs/migrate` } } }, async (request) => {
    const userId = await staff(request, EDIT);
    return { migrated: await unpinMerchants(db, userId, request.body.from ?? null) };
  });

  app.get(`${BASE}/fixtures`, async (request) => {
    await staff(request, READ);
    await requirements.seeded();
    return { fixtures: await storedFixtures(db) };
  });

  app.put<{ Params: { name: string }; Body: { body: Record<string, JsonValue> } }>(`${BASE}/fixtures/:name`, { schema: { body: { $ref: `${API}#/$defs/fixture` } } }, async (request) => {
    const userId = await staff(request, EDIT);
    const name = request.params.name.trim();
    if (!name || name.length > 200) throw validationError({ name: [message('ops.fixtures.nameInvalid')] });
    if (!isStorableText(name)) throw validationError({ name: [message('validation.invalidCharacters')] });
    const body = { ...request.body.body, name };
    const problem = storedFixtureProblem({ name, body });
    if (problem) throw validationError({ body: [problem] });
    await saveStoredFixture(db, userId, { name, body });
    return { name, body };
  });

  app.delete<{ Params: { name: string } }>(`${BASE}/fixtures/:name`, async (request) => {
    const userId = await staff(request, EDIT);
    // A name the database cannot hold (NUL, a lone surrogate) names no fixture.
    if (!isStorableText(request.params.name)) throw apiError('NOT_FOUND');
    if (!(await deleteStoredFixture(db, userId, request.params.name))) throw apiError('NOT_FOUND');
    return { deleted: request.params.name };
  });

  /** The signed-in staff member's role (the console shows what the role may do); 403 for anyone else. */
  app.get('/ops/me', async (request) => {
    const { userId } = currentUser(request);
    const role = await staffRoleOf(db, userId);
    if (!role) throw apiError('FORBIDDEN');
    return { role };
  });

  /**
   * The review queue: merchants' documents sent for review and waiting, grouped by merchant (merchants in the order their
   * oldest item came, each merchant's items oldest first), 50 a page: `after` is the previous page's `next`, the last
   * item's sort key. Filters: status, entity, category; `q` searches by MID, PAN, e-mail or the beginning of a name;
   * `merchant` (a uuid) keeps one merchant's items, for reviewing them one after another. Each item comes with the
   * labels of the merchant's requirements version, whose document it is and that party's data from the merchant
   * record, and the processed file to read. Signed copies of the service agreement waiting for their review (Counter
   * Signed Received) are among them; bank proofs, websites (with their own documents) and accepted addenda too.
   * `counts` gives the items waiting in each category, whatever the filters. The list's pages carry what the list
   * shows; with `merchant`, the items come whole, with the data each is checked against (the console opens an item so).
   */
  app.get<{ Querystring: { status?: string; entity?: string; category?: string; q?: string; merchant?: string; after?: string } }>('/ops/review-queue', async (request) => {
    await staff(request, READ);
    const { status, entity, category, q, merchant, after } = request.query;
    const cursor = after ? decodeQueueCursor(String(after)) : null;
    if (after && !cursor) throw validationError({ after: [message('ops.queue.cursorInvalid')] });
    if (merchant && !isUuid(merchant)) throw validationError({ merchant: [message('ops.queue.merchantInvalid')] });
    const [page, counts] = await Promise.all([
      waitingItems(db, {
        status: status ? String(status) : null,
        entity: entity ? String(entity) : null,
        category: category ? String(category) : null,
        search: parseQueueSearch(q === undefined ? undefined : String(q)),
        merchant: merchant || null,
        after: cursor,
        limit: QUEUE_PAGE_SIZE,
      }),
      waitingCounts(db),
    ]);
    const last = page.items.at(-1);
    return { documents: await queuedItems(db, requirements, page.items, Boolean(merchant)), next: page.more && last ? encodeQueueCursor(last.sort_key) : null, counts };
  });

  /**
   * The manual check of a bank proof: Approved verifies the bank account; Declined asks for another proof, with the
   * reason the merchant reads. The merchant's open pages hear of it on the live channel.
   */
  app.post<{ Params: { id: string }; Body: { status: 'Approved' | 'Declined'; remarks?: string | null } }>(
    '/ops/bank-proofs/:id/review',
    { schema: { body: { $ref: `${API}#/$defs/bankProofReview` } } },
    async (request) => {
      const userId = await staff(request, REVIEW_ROLES);
      if (!isUuid(request.params.id)) throw apiError('NOT_FOUND');
      const record = await db.transaction(async (tx) => {
        const stored = await lockedRecord(tx, request.params.id);
        const bank = stored?.bank_detail;
        if (!stored || !bank || bank.bank_verification_status !== 'pending' || !bank.bank_verification_proof_file_id) throw apiError('NOT_FOUND');
        const approved = request.body.status === 'Approved';
        const remarks = approved ? null : (request.body.remarks ?? '').trim();
        const bankDetail: MerchantRecord['bank_detail'] = approved
          ? { ...bank, bank_verification_status: 'verified', bank_verification_remarks: null }
          : { ...bank, bank_verification_status: 'need_bank_proof_doc', bank_verification_proof: null, bank_verification_proof_file_id: null, bank_verification_remarks: remarks };
        const updated: MerchantRecord = { ...stored, bank_detail: bankDetail };
        await notifyDocumentReviewed(tx, stored, { subject: String(bank.bank_verification_proof_file_id), label: 'documents.category.BANK_PROOF', status: request.body.status, remarks });
        await saveRecord(tx, updated, userId, approved ? 'bank.proof_approved' : 'bank.proof_declined', { file_id: String(bank.bank_verification_proof_file_id), remarks });
        await notifyProfile(tx, stored.uuid, approved ? { bank_verified: true, bank_verification_status: 'verified' } : { bank_verification_status: 'need_bank_proof_doc' });
        return updated;
      });
      return { merchant: record };
    },
  );

  /**
   * The review of a merchant's website: Website OK, or one of the spec's disapproval values (Website Error, Not live,
   * Under Construction, Incomplete); a comment joins the website's thread as the reviewer's. The documents sent with
   * the website are approved or declined with it, and a disapproval may ask for a document of the website document
   * categories (req_doc_category: its id), which the merchant then uploads on the Website tab. The merchant's open
   * pages hear of it on the live channel.
   */
  app.post<{ Params: { id: string }; Body: { status: WebsiteReview; comment?: string | null; req_doc_category?: number | null } }>(
    '/ops/websites/:id/review',
    { schema: { body: { $ref: `${API}#/$defs/websiteReview` } } },
    async (request) => {
      const userId = await staff(request, REVIEW_ROLES);
      if (!isUuid(request.params.id)) throw apiError('NOT_FOUND');
      const asked = request.body.req_doc_category ?? null;
      const ask = asked === null ? null : websiteCategoryById(asked);
      if (ask === undefined) throw validationError({ req_doc_category: [message('ops.queue.websiteDocumentUnknown')] });
      const record = await db.transaction(async (tx) => {
        const stored = await lockedRecord(tx, request.params.id);
        const detail = stored?.website_detail as { website_approval_status: string | null; comments: WebsiteComment[] } | null | undefined;
        if (!stored || !detail || stored.integration_type !== 'THIRD_PARTY' || !WEBSITE_IN_REVIEW.includes(String(detail.website_approval_status))) throw apiError('NOT_FOUND');
        const comment = (request.body.comment ?? '').trim();
        const comments = comment ? withComment(detail.comments, comment, 'reviewer', clock.now()) : detail.comments;
        const verdict = request.body.status === 'Website OK' ? 'Approved' : 'Declined';
        const reviewed = await reviewWebsiteDocuments(tx, stored, verdict, ask, { userId, actor: 'staff' }, comment || null);
        const updated: MerchantRecord = { ...stored, website_detail: { ...reviewed, website_approval_status: request.body.status, comments } };
        await saveRecord(tx, updated, userId, 'website.reviewed', { status: request.body.status, req_doc_category: ask?.id ?? null });
        await notifyProfile(tx, stored.uuid, { website_approval_status: request.body.status });
        return updated;
      });
      return { merchant: record };
    },
  );

  app.get('/ops/audit', async (request) => {
    await staff(request, READ);
    return { entries: await latestAuditEntries(db, AUDIT_ENTRIES) };
  });
};

