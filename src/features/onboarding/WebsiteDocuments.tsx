import { Suspense, useEffect, useId, useRef, useState } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { downloadFile } from '../../shared/api/download';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import type { Merchant } from '../../shared/api/types';
import { NoAccessDialog } from '../../shared/ui/NoAccessDialog';
import { t } from '../../shared/ui/t';
import { UploadDialog, type DocumentCategory } from '../documents';
import { loadDocumentTexts } from '../documents/documentTexts';
import { loadComponentTexts } from './components/componentTexts';
import { loadStepFormTexts } from '../../../schemas/stepFormTexts';
import { ProgressBar } from '../../../ui/ProgressBar';

/** A category the reviewer asked for (GET website_details/{uuid}/website_documents), with the document in force. */
type WebsiteDocumentCategory = DocumentCategory & { id: number; requested: boolean };
interface WebsiteDocuments {
  document_type_id: number;
  categories: WebsiteDocumentCategory[];
}

interface WebsiteDetail {
  uuid: string;
  website_approval_status: string | null;
  req_doc_category: number | null;
  website_document_categories: Array<{ id: number; status: string | null }>;
}

interface WebsiteDocumentsProps {
  merchant: Merchant;
  /** The member may act (permission held, step not locked). */
  mayAct: boolean;
  /** The member holds the permission to change the profile; absent: held. */
  permitted?: boolean;
  onChanged(merchant: Merchant): void;
}

/**
 * The documents the website's reviewer asked for (onboarding spec sections 3 and 7, Website): each with where it
 * stands and its file; the one asked now with the documents uploader (UPLOAD, REPLACE before it is sent, REUPLOAD after
 * a decline), sent to create_website_documents, then SUBMIT DOCUMENT (submit_website_documents), which answers the
 * spec's thanks and returns the website to the review. Nothing shows until the reviewer asks for a document. A member
 * without the permission to change the profile sees UPLOAD and SUBMIT DOCUMENT, which open the no-access modal
 * (onboarding spec section 6: canUpdate governs upload).
 */
export function WebsiteDocuments({ merchant, mayAct, permitted = true, onChanged }: WebsiteDocumentsProps) {
  loadDocumentTexts();
  loadComponentTexts();
  loadStepFormTexts();
  const id = useId();
  const detail = merchant.website_detail as WebsiteDetail | null | undefined;
  const asked = Boolean(detail && (detail.req_doc_category !== null || detail.website_document_categories.length > 0));
  const path = asked ? `/api/v1/website_details/${detail!.uuid}/website_documents` : null;
  const { data, error, mutate } = useSWR<WebsiteDocuments>(path, (url: string) => apiFetch<WebsiteDocuments>(url));
  const [uploading, setUploading] = useState<WebsiteDocumentCategory | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [noAccess, setNoAccess] = useState(false);
  // Without the permission the actions stay in view and say why they are not the member's.
  const offered = mayAct || !permitted;
  // A review heard on the live channel changes what is asked: read the list again (what was said before is old news).
  const asking = reviewOf(detail);
  const seen = useRef(asking);
  useEffect(() => {
    if (seen.current === asking) return;
    seen.current = asking;
    setOutcome(null);
    if (path) void mutate();
  }, [asking, path, mutate]);
  if (!detail || !path) return null;
  if (error) return <Alert severity="error">{t('documents.loadFailed')}</Alert>;
  if (!data) return <ProgressBar label={t('common.loading')} />;

  const requested = data.categories.find((category) => category.requested);
  const toSubmit = requested?.upload_state?.status === 'Pending';
  const submit = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await apiFetch<{ message: string; merchant: Merchant }>(`/api/v1/website_details/${detail.uuid}/submit_website_documents`, { method: 'POST' });
      // The merchant's own submission, not a review: its thanks stays.
      seen.current = reviewOf(answer.merchant.website_detail as WebsiteDetail);
      setOutcome({ ok: true, text: answer.message });
      onChanged(answer.merchant);
      await mutate();
    } catch (failure) {
      setOutcome({ ok: false, text: failure instanceof ApiRequestError && failure.status > 0 && failure.status < 500 ? failure.message : t('website.submitFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ mt: 3 }}>
      <Typography id={`${id}-title`} component="h3" variant="subtitle1" gutterBottom>
        {t('website.documents.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {data.categories.map((category) => (
          <WebsiteDocumentRow key={category.id} category={category} offered={offered} onUpload={() => (permitted ? setUploading(category) : setNoAccess(true))} />
        ))}
      </Box>
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'} sx={{ mt: 1 }}>
          {outcome.text}
        </Alert>
      )}
      {offered && toSubmit && (
        <Button variant="contained" onClick={() => (permitted ? void submit() : setNoAccess(true))} disabled={busy} sx={{ mt: 1.5, minHeight: 44 }}>
          {t('website.documents.submit')}
        </Button>
      )}
      {uploading && (
        <Suspense fallback={<ProgressBar label={t('common.loading')} />}>
          <UploadDialog
            merchantUuid={merchant.uuid}
            category={uploading}
            sendTo={{
              path: `/api/v1/website_details/${detail.uuid}/create_website_documents`,
              fields: { document_category_id: String(uploading.id), document_type_id: String(data.document_type_id) },
            }}
            onClose={() => setUploading(null)}
            onDone={() => {
              setUploading(null);
              setOutcome({ ok: true, text: t('documents.uploaded', { name: uploading.label }) });
              void mutate();
            }}
          />
        </Suspense>
      )}
      {noAccess && <NoAccessDialog onClose={() => setNoAccess(false)} />}
    </Box>
  );
}

/** What a website review changes (what is asked, the documents' and the website's statuses), to notice one. */
const reviewOf = (detail: WebsiteDetail | null | undefined) => JSON.stringify([detail?.req_doc_category, detail?.website_document_categories, detail?.website_approval_status]);

function WebsiteDocumentRow({ category, offered, onUpload }: { category: WebsiteDocumentCategory; offered: boolean; onUpload(): void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const state = category.upload_state;
  const declined = state?.status === 'Declined';
  const action = declined ? t('documents.reupload') : state ? t('documents.replace') : t('documents.upload');
  const headingId = `website-document-${category.id}`;
  return (
    <Box component="li" aria-labelledby={headingId} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h4" variant="subtitle2" sx={{ fontWeight: 600 }}>
          {category.label}
        </Typography>
        <Chip size="small" variant={state ? 'filled' : 'outlined'} color={declined ? 'error' : state?.status === 'Approved' ? 'success' : 'default'} label={t(`documents.docStatus.${state?.status ?? 'none'}`)} />
      </Box>
      {category.requested && (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('website.documents.requested')}
            {category.tooltipText ? `: ${category.tooltipText}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('documents.sizeLimit', { size: category.maxFileSizeLimit })}
          </Typography>
        </>
      )}
      {declined && state.remarks && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {t('documents.declinedBecause', { remarks: state.remarks })}
        </Typography>
      )}
      {state?.file && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('documents.file', { name: state.file.filename })}
          </Typography>
          <Link
            component="button"
            type="button"
            onClick={() => void downloadFile(state.file!.path, state.file!.filename).then(() => setProblem(null), () => setProblem(t('documents.downloadFailed')))}
            sx={{ minHeight: 44 }}
          >
            {t('documents.download')}
          </Link>
        </Box>
      )}
      {problem && (
        <Typography variant="body2" color="error" role="alert">
          {problem}
        </Typography>
      )}
      {offered && category.requested && (!state || state.replaceable) && (
        <Button variant={state && !declined ? 'outlined' : 'contained'} onClick={onUpload} sx={{ mt: 1, minHeight: 44 }} aria-label={`${action}: ${category.label}`}>
          {action}
        </Button>
      )}
    </Box>
  );
}
