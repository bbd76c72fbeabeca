import { Suspense, useEffect, useRef, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { evaluateStatus } from '../../../rules/evaluate';
import rulesConfig from '../../../rules/config';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import { downloadFile } from '../../shared/api/download';
import { keys } from '../../shared/api/keys';
import type { Merchant } from '../../shared/api/types';
import { t } from '../../shared/ui/t';
import type { DocsReq, DocumentCategory } from './types';
import { loadDocumentTexts } from './documentTexts';
import { lazyWithRetry } from '../../../ui/lazyWithRetry';

/** The upload dialog and its sortable grid load when a merchant first opens one (dnd-kit stays out of the first load). */
const UploadDialog = lazyWithRetry(() => import('./UploadDialog').then((module) => ({ default: module.UploadDialog })));

/** How long after a submit the returned merchant is stored (spec section 9: 2 s). */
const STORE_AFTER_SUBMIT_MS = 2000;

/**
 * The Documents tab (onboarding spec sections 2 and 4, Documents): the merchant's document status, then the documents
 * the business must give and those it may give (merchant_docs_req: the rules' evaluation of the requirements in
 * force), required first. Each row shows its state, the reason of a decline, the document to sign where the portal
 * writes one (and, for those the service agreement's e-sign can sign, that it can or did), and UPLOAD (REUPLOAD after
 * a decline), which opens the upload dialog. SUBMIT DOCUMENTS sends them for
 * review (`embedded` in the additional-documents step, whose own Submit does that). Without the profile-editing
 * permission the uploader is read-only (spec section 6), and one line above the list says why.
 */
export function DocumentsPage({
  merchant,
  canEdit,
  permitted = canEdit,
  embedded = false,
}: {
  merchant: Merchant;
  canEdit: boolean;
  /** The member holds the profile-editing permission (default: canEdit); without it the read-only line says why. */
  permitted?: boolean;
  embedded?: boolean;
}) {
  loadDocumentTexts();
  const { mutate } = useSWRConfig();
  const { data, error, mutate: reload } = useSWR<DocsReq>(keys.merchantDocsReq(merchant.uuid), (path: string) => apiFetch<DocsReq>(path));
  const [uploading, setUploading] = useState<DocumentCategory | null>(null);
  // The record a submit answered, stored 2 s later (spec section 9), or at once if the tab goes first: no timer outlives it.
  const pendingStore = useRef<{ timer: number; store(): void } | null>(null);
  useEffect(() => () => pendingStore.current?.store(), []);
  // What the merchant's last action did, said until the document status moves on (a review's outcome, which the
  // status line then says): "Documents submitted. We will review them…" is not left under "Docs Approved".
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; statuses: unknown[] } | null>(null);
  // A submit's answer is said from the start under either status (the record is stored 2 s later), then only under the
  // one it led to.
  if (outcome && outcome.statuses.length > 1 && merchant.document_status === outcome.statuses.at(-1)) setOutcome({ ...outcome, statuses: outcome.statuses.slice(-1) });
  const said = outcome && outcome.statuses.includes(merchant.document_status) ? outcome : null;
  const [submitting, setSubmitting] = useState(false);
  if (error) return <Alert severity="error">{t('documents.loadFailed')}</Alert>;
  if (!data) return <LinearProgress aria-label={t('common.loading')} />;

  const status = evaluateStatus(merchant, rulesConfig);
  const all = [...data.required, ...data.optional];
  const toSend = all.some((category) => category.upload_state?.status === 'Pending');
  const submit = async () => {
    setSubmitting(true);
    setOutcome(null);
    try {
      const answer = await apiFetch<{ message: string; merchant: Merchant }>(`/api/v1/merchants/${merchant.uuid}/submit_documents`, { method: 'POST' });
      setOutcome({ ok: true, text: answer.message, statuses: [merchant.document_status, answer.merchant.document_status] });
      await reload();
      const store = () => {
        window.clearTimeout(pendingStore.current?.timer);
        pendingStore.current = null;
        // Refused only when the data store went with the tab (the whole app unmounting, as a test does).
        mutate(keys.merchant(merchant.uuid), answer.merchant, { revalidate: false }).catch(() => undefined);
      };
      pendingStore.current = { timer: window.setTimeout(store, STORE_AFTER_SUBMIT_MS), store };
    } catch (failure) {
      setOutcome({ ok: false, text: failure instanceof ApiRequestError && failure.status > 0 && failure.status < 500 ? failure.message : t('documents.uploadFilesFailed'), statuses: [merchant.document_status] });
    } finally {
      setSubmitting(false);
    }
  };
  const remove = async (category: DocumentCategory) => {
    if (!category.upload_state) return;
    try {
      await apiFetch(`/api/v1/merchants/${merchant.uuid}/kyc_documents/${category.upload_state.kyc_document_uuid}`, { method: 'DELETE' });
      await reload();
    } catch {
      setOutcome({ ok: false, text: t('documents.removeFailed'), statuses: [merchant.document_status] });
    }
  };

  return (
    <Box>
      <Alert severity={merchant.document_status === 'Docs Error' ? 'warning' : merchant.document_status === 'Docs Approved' ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="documents-status">
        <strong>{t('documents.statusLine', { status: status.documentStatusLabel as string })}</strong> {t(status.documentStatusHelp as string)}
      </Alert>
      {!permitted && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('documents.readOnly')}
        </Typography>
      )}
      <Section id="documents-required" title={t('documents.required')} categories={data.required} merchantUuid={merchant.uuid} canEdit={canEdit} onUpload={setUploading} onRemove={(category) => void remove(category)} />
      {data.optional.length > 0 && (
        <Section id="documents-optional" title={t('documents.optional')} categories={data.optional} merchantUuid={merchant.uuid} canEdit={canEdit} onUpload={setUploading} onRemove={(category) => void remove(category)} />
      )}
      {said && (
        <Alert severity={said.ok ? 'success' : 'error'} role={said.ok ? 'status' : 'alert'} sx={{ mb: 2 }}>
          {said.text}
        </Alert>
      )}
      {canEdit && !embedded && (
        <Button variant="contained" size="large" fullWidth disabled={!toSend || submitting} onClick={() => void submit()} sx={{ minHeight: 48 }}>
          {t('documents.submit')}
        </Button>
      )}
      {uploading && (
        <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
        <UploadDialog
          merchantUuid={merchant.uuid}
          category={uploading}
          onClose={() => setUploading(null)}
          onDone={() => {
            setUploading(null);
            setOutcome({ ok: true, text: t('documents.uploaded', { name: uploading.label }), statuses: [merchant.document_status] });
            void reload();
          }}
        />
        </Suspense>
      )}
    </Box>
  );
}

function Section({
  id,
  title,
  categories,
  merchantUuid,
  canEdit,
  onUpload,
  onRemove,
}: {
  id: string;
  title: string;
  categories: DocumentCategory[];
  merchantUuid: string;
  canEdit: boolean;
  onUpload: (category: DocumentCategory) => void;
  onRemove: (category: DocumentCategory) => void;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography id={id} component="h2" variant="overline" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {categories.map((category) => (
          <CategoryRow key={category.code} category={category} merchantUuid={merchantUuid} canEdit={canEdit} onUpload={() => onUpload(category)} onRemove={() => onRemove(category)} />
        ))}
      </Box>
    </Paper>
  );
}

function CategoryRow({ category, merchantUuid, canEdit, onUpload, onRemove }: { category: DocumentCategory; merchantUuid: string; canEdit: boolean; onUpload: () => void; onRemove: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const state = category.upload_state;
  const declined = state?.status === 'Declined';
  const mayUpload = canEdit && (!state || state.replaceable);
  const download = (path: string, name: string) =>
    downloadFile(path, name).then(
      () => setProblem(null),
      () => setProblem(t('documents.downloadFailed')),
    );
  const headingId = `document-${category.code}`;
  const actionLabel = declined ? t('documents.reupload') : state ? t('documents.replace') : (category.uploadLabel ?? t('documents.upload'));
  return (
    <Box component="li" data-category={category.code} aria-labelledby={headingId} sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {category.label}
        </Typography>
        <Chip size="small" variant={state ? 'filled' : 'outlined'} color={chipColour(state?.status)} label={t(`documents.docStatus.${state?.status ?? 'none'}`)} sx={{ flexShrink: 0 }} />
      </Box>
      {category.tooltipText && (
        <Typography variant="body2" color="text.secondary">
          {category.tooltipText}
        </Typography>
      )}
      {category.subCategory && (
        <Typography variant="body2" color="text.secondary">
          {t('documents.accepted', { types: category.subCategory.value.map((type) => type.label).join(', ') })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('documents.sizeLimit', { size: category.maxFileSizeLimit })}
      </Typography>
      {declined && state.remarks && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {t('documents.declinedBecause', { remarks: state.remarks })}
        </Typography>
      )}
      {category.esign_with_agreement === 'signed' && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('documents.esign.signed')}
        </Typography>
      )}
      {state?.file && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <Typography variant="body2" noWrap sx={{ maxWidth: '100%' }}>
            {t('documents.file', { name: state.file.filename })}
          </Typography>
          <Link component="button" type="button" onClick={() => void download(state.file!.path, state.file!.filename)} sx={{ minHeight: 44 }}>
            {t('documents.download')}
          </Link>
          {canEdit && state.removable && (
            <Link component="button" type="button" onClick={onRemove} sx={{ minHeight: 44 }} aria-label={t('documents.removeNamed', { name: category.label })}>
              {t('documents.remove')}
            </Link>
          )}
        </Box>
      )}
      {category.template && (
        <Link component="button" type="button" onClick={() => void download(`/api/v1/merchants/${merchantUuid}/${category.template!.call}`, `${category.code.toLowerCase()}.pdf`)} sx={{ minHeight: 44, display: 'block' }}>
          {category.template.label}
        </Link>
      )}
      {category.esign_with_agreement === 'offered' && (
        <Typography variant="body2" color="text.secondary">
          {t('documents.esign.offered')}
        </Typography>
      )}
      {problem && (
        <Typography variant="body2" color="error" role="alert">
          {problem}
        </Typography>
      )}
      {mayUpload && (
        <Button variant={declined || !state ? 'contained' : 'outlined'} onClick={onUpload} sx={{ mt: 1, minHeight: 44 }} aria-label={`${actionLabel}: ${category.label}`}>
          {actionLabel}
        </Button>
      )}
    </Box>
  );
}

function chipColour(status: string | undefined): 'default' | 'success' | 'error' | 'info' | 'warning' {
  if (status === 'Approved') return 'success';
  if (status === 'Declined') return 'error';
  if (status === 'DOCUMENT_SUBMITTED' || status === 'DOCUMENT_REUPLOADED') return 'info';
  if (status === 'Pending') return 'warning';
  return 'default';
}
