import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import { t } from '../../shared/ui/t';
import { loadAddendaTexts } from '../onboarding/components/addendaTexts';
import { merchantQueue, shownTime, useRequirements, useReviewQueue, type QueuedDocument, type QueueFilters, type QueueListItem, type QueuePage } from './api';
import { ownerFacts, type Fact } from './ownerFacts';
import { useFileUrl } from './useFileUrl';
import { AskForWebsiteDocument, WebsiteReviewDocuments } from './WebsiteReviewDocuments';
import { loadDocumentTexts } from '../documents/documentTexts';

/** The statuses of the documents that wait for a review (reviewed ones leave the queue). */
const STATUSES = ['DOCUMENT_SUBMITTED', 'DOCUMENT_REUPLOADED', 'Counter Signed Received'];

/** A queued item's status in words: a document's as its merchant reads it, a bank proof's as waiting. */
const statusLabel = (item: QueueListItem) =>
  t(
    item.kind === 'bank_proof'
      ? 'ops.queue.bankProofPending'
      : item.kind === 'website'
        ? 'ops.queue.websitePending'
        : item.kind === 'addendum'
          ? 'ops.queue.addendumPending'
          : `documents.docStatus.${item.status}`,
  );
/** The spec's review values that do not approve a website (onboarding spec section 4, Labels). */
const WEBSITE_DISAPPROVALS = ['Website Error', 'Website Not live', 'Website Under Construction', 'Website Incomplete'];

/** The queue's own categories beside the catalogue's, with their labels. */
const QUEUE_CATEGORIES: Record<string, string> = { BANK_PROOF: 'ops.queue.bankProof', WEBSITE: 'ops.queue.website', ADDENDUM: 'ops.queue.addendum' };

/** Where a reviewer is: one item opened from the list, or a merchant's items one after another. */
type Reviewing = { items: QueuedDocument[]; index: number; mid: string; flow: boolean };

/** The queue's items by merchant, in the queue's order (a merchant's items come together; pages may repeat one). */
function byMerchant(pages: readonly QueuePage[]): QueueListItem[][] {
  const seen = new Set<string>();
  const groups = new Map<string, QueueListItem[]>();
  for (const item of pages.flatMap((page) => page.documents)) {
    if (seen.has(`${item.kind}:${item.uuid}`)) continue;
    seen.add(`${item.kind}:${item.uuid}`);
    groups.set(item.merchant.uuid, [...(groups.get(item.merchant.uuid) ?? []), item]);
  }
  return [...groups.values()];
}

/**
 * Documents merchants sent for review, grouped by merchant, 50 at a time, with a search (MID, PAN, name, e-mail) and
 * filters; each opens beside the data it must match to approve or decline with a reason (the staff review call: the
 * merchant's document status follows from the same rules), or a merchant's items are reviewed one after another.
 */
export default function ReviewQueuePanel({ mayReview }: { mayReview: boolean }) {
  loadAddendaTexts();
  loadDocumentTexts();
  const [filters, setFilters] = useState<QueueFilters>({});
  const [typed, setTyped] = useState('');
  const queue = useReviewQueue(filters);
  const requirements = useRequirements();
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const [starting, setStarting] = useState('');
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const entities = requirements.data?.entities.map((row) => row.entity) ?? [];
  const catalogue = requirements.data?.published.body.catalogue as { categories?: Record<string, { label: string }> } | undefined;
  const categories = [...new Set(requirements.data?.entities.flatMap((row) => [...row.documents.required, ...row.documents.optional]) ?? [])];
  const pages = queue.data ?? [];
  const waiting = pages[0]?.counts ?? {};
  const categoryLabel = (code: string) => {
    const label = t(QUEUE_CATEGORIES[code] ?? catalogue?.categories?.[code]?.label ?? code);
    return waiting[code] ? t('ops.queue.categoryWaiting', { label, count: waiting[code].toLocaleString('en-IN') }) : label;
  };
  const groups = byMerchant(pages);
  const more = Boolean(pages.at(-1)?.next);

  const filter = (name: 'status' | 'entity' | 'category', label: string, options: string[], labelOf: (option: string) => string = (option) => option) => (
    <TextField select label={label} value={filters[name] ?? ''} onChange={(event) => setFilters((current) => ({ ...current, [name]: event.target.value || undefined }))} sx={{ minWidth: 200 }}>
      <MenuItem value="">{t('ops.queue.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {labelOf(option)}
        </MenuItem>
      ))}
    </TextField>
  );

  /**
   * Opens a merchant's waiting items, whole (the list shows less): from its first, each review moving on to the next
   * (`only` unset), or just the item `only`. An item no longer waiting reloads the list instead.
   */
  const openMerchant = async (merchant: QueueListItem['merchant'], only?: QueueListItem) => {
    setStarting(only ? `${only.kind}:${only.uuid}` : merchant.uuid);
    setProblem('');
    try {
      const items = (await merchantQueue(merchant.uuid)).filter((each) => !only || (each.kind === only.kind && each.uuid === only.uuid));
      if (items.length) setReviewing({ items, index: 0, mid: merchant.mid, flow: !only });
      else void queue.mutate();
    } catch {
      setProblem(t('ops.loadFailed'));
    } finally {
      setStarting('');
    }
  };
  const moveOn = (text: string) => {
    void queue.mutate();
    if (reviewing?.flow && reviewing.index + 1 < reviewing.items.length) {
      setReviewing({ ...reviewing, index: reviewing.index + 1 });
      if (text) setNotice(text);
      return;
    }
    setReviewing(null);
    setNotice(reviewing?.flow ? [text, t('ops.queue.merchantDone', { mid: reviewing.mid })].filter(Boolean).join(' ') : text);
  };
  const item = reviewing?.items[reviewing.index];

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box
        component="form"
        role="search"
        aria-label={t('ops.queue.search')}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setFilters((current) => ({ ...current, q: typed.trim() || undefined }));
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField label={t('ops.queue.search')} helperText={t('ops.queue.searchHint')} value={typed} onChange={(event) => setTyped(event.target.value)} sx={{ flex: '1 1 240px' }} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <Button type="submit" variant="contained" sx={{ minHeight: 56 }}>
          {t('ops.queue.searchButton')}
        </Button>
        {filters.q && (
          <Button
            onClick={() => {
              setTyped('');
              setFilters((current) => ({ ...current, q: undefined }));
            }}
            sx={{ minHeight: 56 }}
          >
            {t('ops.queue.clearSearch')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {filter('status', t('ops.queue.status'), STATUSES, (status) => t(`documents.docStatus.${status}`))}
        {filter('entity', t('ops.queue.entity'), entities)}
        {filter('category', t('ops.queue.category'), [...categories, 'SERVICE_AGREEMENT', ...Object.keys(QUEUE_CATEGORIES)], categoryLabel)}
      </Box>
      {notice && (
        <Alert severity="success" role="status" onClose={() => setNotice('')}>
          {notice}
        </Alert>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      {queue.error ? (
        <Alert severity="error">{t('ops.loadFailed')}</Alert>
      ) : !queue.data ? (
        <LinearProgress aria-label={t('common.loading')} />
      ) : groups.length === 0 ? (
        <Typography>{t(filters.q || filters.status || filters.entity || filters.category ? 'ops.queue.noMatch' : 'ops.queue.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {groups.map((group) => {
            const { merchant } = group[0]!;
            return (
              <Card component="li" key={merchant.uuid} variant="outlined" data-mid={merchant.mid}>
                <CardContent sx={{ pb: 0 }}>
                  <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {t('ops.queue.group', { name: merchant.business_name ?? merchant.pancard_name ?? merchant.name ?? '—', mid: merchant.mid, entity: merchant.business_entity ?? '—' })}
                  </Typography>
                  {mayReview && (
                    <Button
                      variant="outlined"
                      disabled={starting === merchant.uuid}
                      onClick={() => void openMerchant(merchant)}
                      aria-label={t('ops.queue.reviewMerchantLabel', { mid: merchant.mid })}
                      sx={{ minHeight: 44, my: 1 }}
                    >
                      {t('ops.queue.reviewMerchant')}
                    </Button>
                  )}
                </CardContent>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {group.map((document) => (
                    <Box component="li" key={`${document.kind}:${document.uuid}`} sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
                      <Typography component="h3" variant="body1" sx={{ fontWeight: 600 }}>
                        {document.category_label}
                        {document.document_type_label ? ` · ${document.document_type_label}` : ''}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {document.owner ? `${t('ops.queue.whose')}: ${t(`ops.queue.owner.${document.owner}`)} · ` : ''}
                        {statusLabel(document)} · {t('ops.queue.waiting', { when: shownTime(document.waiting_since) })}
                      </Typography>
                      <Button
                        disabled={starting === `${document.kind}:${document.uuid}`}
                        onClick={() => void openMerchant(merchant, document)}
                        sx={{ minHeight: 44 }}
                        aria-label={`${t('ops.queue.open')} ${document.category_label}, MID ${merchant.mid}`}
                      >
                        {t('ops.queue.open')}
                      </Button>
                    </Box>
                  ))}
                </Box>
              </Card>
            );
          })}
        </Box>
      )}
      {more && (
        <Button variant="outlined" disabled={queue.isValidating} onClick={() => void queue.setSize(queue.size + 1)} sx={{ minHeight: 44, justifySelf: 'start' }}>
          {t('ops.queue.more')}
        </Button>
      )}
      {reviewing && item && (
        <ReviewDialog
          key={`${item.kind}:${item.uuid}`}
          document={item}
          mayReview={mayReview}
          progress={reviewing.flow ? t('ops.queue.progress', { position: reviewing.index + 1, count: reviewing.items.length }) : undefined}
          onNext={reviewing.flow ? () => moveOn('') : undefined}
          onClose={() => {
            setReviewing(null);
            void queue.mutate();
          }}
          onReviewed={moveOn}
        />
      )}
    </Box>
  );
}

/** The data beside what is reviewed, as a description list (addresses open in a new tab, never followed). */
function MerchantFacts({ facts }: { facts: readonly Fact[] }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {facts.map(([key, value, link], index) => (
        <Box key={`${key}-${index}`} sx={{ mb: 1 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {t(key)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value && link ? (
              // A tap target of its own (44 px high), however the fonts set the line.
              <Box component="a" href={value} target="_blank" rel="noopener noreferrer nofollow" sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, maxWidth: '100%' }}>
                {value}
              </Box>
            ) : (
              (value ?? '—')
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** What an addendum changes, field by field: the value now and the one asked for. */
function addendumFacts({ old_data: before = {}, new_data: after = {} }: QueuedDocument): Fact[] {
  const shown = (value: unknown) =>
    value === null || value === undefined ? '—' : typeof value === 'object' ? Object.values(value as Record<string, string>).join(', ') : String(value);
  return Object.keys(after)
    .filter((field) => JSON.stringify(after[field]) !== JSON.stringify(before[field]))
    .map((field) => [`addendum.field.${field}`, `${t('ops.queue.addendumBefore')}: ${shown(before[field])} · ${t('ops.queue.addendumAfter')}: ${shown(after[field])}`]);
}

/** What a review dialog is given: the item, whether the role may review, and (reviewing a merchant's items) where it is. */
interface ReviewDialogProps {
  document: QueuedDocument;
  mayReview: boolean;
  /** "Item 2 of 7 of this merchant" while a merchant's items are reviewed one after another. */
  progress?: string;
  /** Goes on to the merchant's next item without reviewing this one. */
  onNext?(): void;
  onClose(): void;
  onReviewed(text: string): void;
}

/** Where the dialog is among the merchant's items, under its title. */
function Progress({ text }: { text: string | undefined }) {
  return text ? (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
      {text}
    </Typography>
  ) : null;
}

function ReviewDialog(props: ReviewDialogProps) {
  return props.document.kind === 'website' ? <WebsiteReviewDialog {...props} /> : <FileReviewDialog {...props} />;
}

/**
 * A website's review: its addresses, what the checks found and the documents the merchant sent for it; OK, or one of
 * the spec's disapprovals with a comment, and a document to ask for.
 */
function WebsiteReviewDialog({ document, mayReview, progress, onNext, onClose, onReviewed }: ReviewDialogProps) {
  const { merchant } = document;
  const [reason, setReason] = useState(WEBSITE_DISAPPROVALS[0]!);
  const [comment, setComment] = useState('');
  const [ask, setAsk] = useState<number | null>(null);
  const [declining, setDeclining] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const review = async (status: string) => {
    setBusy(true);
    try {
      const asking = status !== 'Website OK' && ask !== null;
      await apiFetch(`/api/v1/ops/websites/${merchant.uuid}/review`, { method: 'POST', body: { status, comment: comment.trim() || null, ...(asking ? { req_doc_category: ask } : {}) } });
      onReviewed(t(status === 'Website OK' ? 'ops.queue.websiteApproved' : asking ? 'ops.queue.websiteDocumentAsked' : 'ops.queue.websiteDisapproved'));
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('ops.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  const facts: Fact[] = [
    ['ops.queue.websiteUrl', merchant.website_url, true],
    ['ops.queue.androidUrl', merchant.android_url, true],
    ['ops.queue.iosUrl', merchant.ios_url, true],
    ['ops.queue.liveliness', merchant.liveliness_status, false],
    ['ops.queue.domainStatus', merchant.domain_status_by_merchant, false],
    ['ops.queue.panName', merchant.pancard_name, false],
    ['ops.queue.business', merchant.business_name, false],
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ops-website-review-title">
      <DialogTitle id="ops-website-review-title">
        {document.category_label} · {t('ops.queue.merchant', { mid: merchant.mid, entity: merchant.business_entity ?? '—' })}
        <Progress text={progress} />
      </DialogTitle>
      <DialogContent>
        <MerchantFacts facts={facts} />
        <WebsiteReviewDocuments documents={document.documents ?? []} />
        {mayReview && declining && (
          <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
            <TextField select label={t('ops.queue.websiteReason')} value={reason} onChange={(event) => setReason(event.target.value)} fullWidth>
              {WEBSITE_DISAPPROVALS.map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={t('ops.queue.websiteComment')} value={comment} onChange={(event) => setComment(event.target.value)} fullWidth multiline minRows={2} slotProps={{ htmlInput: { maxLength: 1000 } }} />
            <AskForWebsiteDocument value={ask} onChange={setAsk} />
          </Box>
        )}
        {problem && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {mayReview && (
          <>
            <Button variant="contained" disabled={busy} onClick={() => void review('Website OK')} sx={{ minHeight: 44 }}>
              {t('ops.queue.approve')}
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => (declining ? void review(reason) : setDeclining(true))} sx={{ minHeight: 44 }}>
              {t('ops.queue.decline')}
            </Button>
          </>
        )}
        {onNext && (
          <Button onClick={onNext} disabled={busy} sx={{ minHeight: 44 }}>
            {t('ops.queue.next')}
          </Button>
        )}
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t('ops.queue.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FileReviewDialog({ document, mayReview, progress, onNext, onClose, onReviewed }: ReviewDialogProps) {
  const file = useFileUrl(document.file);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const { merchant } = document;

  const review = async (status: 'Approved' | 'Declined') => {
    if (status === 'Declined' && reason.trim().length < 3) {
      setReasonError(true);
      return;
    }
    setBusy(true);
    try {
      const bankProof = document.kind === 'bank_proof';
      const addendum = document.kind === 'addendum';
      const path = bankProof
        ? `/api/v1/ops/bank-proofs/${merchant.uuid}/review`
        : addendum
          ? `/api/v1/ops/addenda/${document.uuid}/review`
          : `/api/v1/merchants/${merchant.uuid}/kyc_documents/${document.uuid}/review`;
      await apiFetch(path, { method: 'POST', body: status === 'Approved' ? { status } : { status, remarks: reason.trim() } });
      const done = bankProof
        ? { Approved: 'ops.queue.bankApproved', Declined: 'ops.queue.bankDeclined' }
        : addendum
          ? { Approved: 'ops.queue.addendumApproved', Declined: 'ops.queue.addendumDeclined' }
          : { Approved: 'ops.queue.approved', Declined: 'ops.queue.declined' };
      onReviewed(t(done[status]));
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('ops.loadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const company: Fact[] = [
    ['ops.queue.panName', merchant.pancard_name],
    ['ops.queue.pan', merchant.pancard_number],
  ];
  const owner = document.owner ?? 'company';
  const facts: Fact[] =
    document.kind === 'addendum'
      ? [...company, ...addendumFacts(document)]
      : document.kind === 'bank_proof'
        ? [...company, ['ops.queue.holder', merchant.holder_name ?? null], ['ops.queue.account', merchant.bank_account_number ?? null], ['ops.queue.ifsc', merchant.ifsc_code ?? null]]
        : [...ownerFacts({ ...document, owner }), ['ops.queue.documentStatus', merchant.document_status ? t(`ops.queue.merchantDocuments.${merchant.document_status}`) : null]];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="ops-review-title">
      <DialogTitle id="ops-review-title">
        {document.category_label}
        {document.document_type_label ? ` · ${document.document_type_label}` : ''} · {t('ops.queue.merchant', { mid: merchant.mid, entity: merchant.business_entity ?? '—' })}
        <Progress text={progress} />
      </DialogTitle>
      {/* On a phone the file and the facts scroll: the region takes focus so a keyboard can scroll it (nothing in it may). */}
      <DialogContent tabIndex={0} role="group" aria-labelledby="ops-review-title" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Box aria-label={t('ops.queue.file')} role="group" sx={{ minHeight: 240, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
          {file.failed ? (
            <Alert severity="error">{t('ops.queue.fileFailed')}</Alert>
          ) : !file.url ? (
            <LinearProgress aria-label={t('common.loading')} />
          ) : file.type === 'application/pdf' ? (
            <iframe src={file.url} title={t('ops.queue.file')} style={{ width: '100%', height: '60vh', border: 0 }} />
          ) : (
            <img src={file.url} alt={t('ops.queue.file')} style={{ maxWidth: '100%', display: 'block' }} />
          )}
        </Box>
        <Box>
          {document.kind === 'document' && (
            <>
              <MerchantFacts
                facts={[
                  ['ops.queue.whose', t(`ops.queue.owner.${owner}`)],
                  ['ops.queue.documentType', document.document_type_label],
                ]}
              />
              <Typography component="h3" variant="subtitle2" sx={{ mt: 1, mb: 0.5 }}>
                {t('ops.queue.mustMatch')}
              </Typography>
            </>
          )}
          <MerchantFacts facts={facts} />
          {mayReview && declining && (
            <TextField
              label={t('ops.queue.reason')}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(false);
              }}
              error={reasonError}
              helperText={reasonError ? t('ops.queue.reasonRequired') : undefined}
              fullWidth
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
              sx={{ mt: 1 }}
            />
          )}
          {problem && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problem}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {mayReview && (
          <>
            <Button variant="contained" color="primary" disabled={busy} onClick={() => void review('Approved')} sx={{ minHeight: 44 }}>
              {t('ops.queue.approve')}
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => (declining ? void review('Declined') : setDeclining(true))} sx={{ minHeight: 44 }}>
              {t('ops.queue.decline')}
            </Button>
          </>
        )}
        {onNext && (
          <Button onClick={onNext} disabled={busy} sx={{ minHeight: 44 }}>
            {t('ops.queue.next')}
          </Button>
        )}
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t('ops.queue.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
