import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
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
import '../onboarding/components/addendaTexts';
import { shownTime, useRequirements, useReviewQueue, type QueuedDocument, type QueueFilters } from './api';
import { useFileUrl } from './useFileUrl';
import { AskForWebsiteDocument, WebsiteReviewDocuments } from './WebsiteReviewDocuments';
import '../documents/documentTexts';

const STATUSES = ['DOCUMENT_SUBMITTED', 'DOCUMENT_REUPLOADED', 'Counter Signed Received', 'Approved', 'Declined'];

/** A queued item's status in words: a document's as its merchant reads it, a bank proof's as waiting. */
const statusLabel = (item: QueuedDocument) =>
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

/**
 * Documents merchants sent for review, oldest first, with filters; each opens beside the merchant's data to approve
 * or decline with a reason (the staff review call: the merchant's document status follows from the same rules).
 */
export default function ReviewQueuePanel({ mayReview }: { mayReview: boolean }) {
  const [filters, setFilters] = useState<QueueFilters>({});
  const queue = useReviewQueue(filters);
  const requirements = useRequirements();
  const [open, setOpen] = useState<QueuedDocument | null>(null);
  const [notice, setNotice] = useState('');
  const entities = requirements.data?.entities.map((row) => row.entity) ?? [];
  const categories = [...new Set(requirements.data?.entities.flatMap((row) => [...row.documents.required, ...row.documents.optional]) ?? [])];

  const filter = (name: keyof QueueFilters, label: string, options: string[], labelOf: (option: string) => string = (option) => option) => (
    <TextField select label={label} value={filters[name] ?? ''} onChange={(event) => setFilters((current) => ({ ...current, [name]: event.target.value || undefined }))} sx={{ minWidth: 200 }}>
      <MenuItem value="">{t('ops.queue.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {labelOf(option)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {filter('status', t('ops.queue.status'), STATUSES, (status) => t(`documents.docStatus.${status}`))}
        {filter('entity', t('ops.queue.entity'), entities)}
        {filter('category', t('ops.queue.category'), [...categories, 'SERVICE_AGREEMENT', 'BANK_PROOF', 'WEBSITE', 'ADDENDUM'])}
      </Box>
      {notice && (
        <Alert severity="success" role="status" onClose={() => setNotice('')}>
          {notice}
        </Alert>
      )}
      {queue.error ? (
        <Alert severity="error">{t('ops.loadFailed')}</Alert>
      ) : !queue.data ? (
        <LinearProgress aria-label={t('common.loading')} />
      ) : queue.data.length === 0 ? (
        <Typography>{t('ops.queue.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {queue.data.map((document) => (
            <Card component="li" key={document.uuid} variant="outlined">
              <CardContent sx={{ pb: 0 }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {document.category_label}
                  {document.document_type ? ` · ${document.document_type}` : ''}
                </Typography>
                <Typography variant="body2">{t('ops.queue.merchant', { mid: document.merchant.mid, entity: document.merchant.business_entity ?? '—' })}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {statusLabel(document)} · {t('ops.queue.waiting', { when: shownTime(document.waiting_since) })}
                </Typography>
              </CardContent>
              <CardActions>
                <Button onClick={() => setOpen(document)} sx={{ minHeight: 44 }} aria-label={`${t('ops.queue.open')} ${document.category_label}, MID ${document.merchant.mid}`}>
                  {t('ops.queue.open')}
                </Button>
              </CardActions>
            </Card>
          ))}
        </Box>
      )}
      {open && (
        <ReviewDialog
          document={open}
          mayReview={mayReview}
          onClose={() => setOpen(null)}
          onReviewed={(text) => {
            setOpen(null);
            setNotice(text);
            void queue.mutate();
          }}
        />
      )}
    </Box>
  );
}

/** One fact a reviewer checks: its catalogue label, its value, and whether the value is an address to open. */
type Fact = [label: string, value: string | null | undefined, link?: boolean];

/** The merchant's data beside what is reviewed, as a description list (addresses open in a new tab, never followed). */
function MerchantFacts({ facts }: { facts: readonly Fact[] }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {facts.map(([key, value, link]) => (
        <Box key={key} sx={{ mb: 1 }}>
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

function ReviewDialog(props: { document: QueuedDocument; mayReview: boolean; onClose(): void; onReviewed(text: string): void }) {
  return props.document.kind === 'website' ? <WebsiteReviewDialog {...props} /> : <FileReviewDialog {...props} />;
}

/**
 * A website's review: its addresses, what the checks found and the documents the merchant sent for it; OK, or one of
 * the spec's disapprovals with a comment, and a document to ask for.
 */
function WebsiteReviewDialog({ document, mayReview, onClose, onReviewed }: { document: QueuedDocument; mayReview: boolean; onClose(): void; onReviewed(text: string): void }) {
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
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t('ops.queue.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FileReviewDialog({ document, mayReview, onClose, onReviewed }: { document: QueuedDocument; mayReview: boolean; onClose(): void; onReviewed(text: string): void }) {
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

  const facts: Fact[] = [
    ['ops.queue.panName', merchant.pancard_name],
    ['ops.queue.pan', merchant.pancard_number],
    ['ops.queue.business', merchant.business_name],
    ['ops.queue.gst', merchant.gst_number],
    ['ops.queue.documentStatus', merchant.document_status],
  ];
  if (document.kind === 'addendum') facts.splice(2, facts.length - 2, ...addendumFacts(document));
  if (document.kind === 'bank_proof') {
    facts.splice(2, facts.length - 2, ['ops.queue.holder', merchant.holder_name ?? null], ['ops.queue.account', merchant.bank_account_number ?? null], ['ops.queue.ifsc', merchant.ifsc_code ?? null]);
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="ops-review-title">
      <DialogTitle id="ops-review-title">
        {document.category_label} · {t('ops.queue.merchant', { mid: merchant.mid, entity: merchant.business_entity ?? '—' })}
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
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t('ops.queue.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
