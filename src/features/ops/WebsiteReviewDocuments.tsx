import { useState } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiFetch } from '../../shared/api/fetcher';
import { t } from '../../shared/ui/t';
import type { QueuedDocument } from './api';
import { useFileUrl } from './useFileUrl';
import { loadDocumentTexts } from '../documents/documentTexts';

type WebsiteDocument = NonNullable<QueuedDocument['documents']>[number];

/**
 * The documents a merchant sent for their website, in the website's review: each with where it stands, and VIEW to
 * read it beside the website's facts (an image, or a PDF in a frame, fetched with the staff token).
 */
export function WebsiteReviewDocuments({ documents }: { documents: readonly WebsiteDocument[] }) {
  loadDocumentTexts();
  const [shown, setShown] = useState<WebsiteDocument | null>(null);
  if (documents.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="ops-website-documents" sx={{ mb: 1 }}>
      <Typography id="ops-website-documents" component="h3" variant="caption" color="text.secondary">
        {t('ops.queue.websiteDocuments')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {documents.map((document) => (
          <Box component="li" key={document.file} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {document.category_label} · {t(`documents.docStatus.${document.status}`)}
            </Typography>
            <Button size="small" onClick={() => setShown(shown === document ? null : document)} aria-expanded={shown === document} sx={{ minHeight: 44 }}>
              {t('ops.queue.websiteDocumentView', { name: document.filename })}
            </Button>
          </Box>
        ))}
      </Box>
      {shown && <FilePreview path={shown.file} />}
    </Box>
  );
}

function FilePreview({ path }: { path: string }) {
  const file = useFileUrl(path);
  return (
    <Box role="group" aria-label={t('ops.queue.file')} sx={{ minHeight: 200, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      {file.failed ? (
        <Alert severity="error">{t('ops.queue.fileFailed')}</Alert>
      ) : !file.url ? (
        <LinearProgress aria-label={t('common.loading')} />
      ) : file.type === 'application/pdf' ? (
        <iframe src={file.url} title={t('ops.queue.file')} style={{ width: '100%', height: '50vh', border: 0 }} />
      ) : (
        <img src={file.url} alt={t('ops.queue.file')} style={{ maxWidth: '100%', display: 'block' }} />
      )}
    </Box>
  );
}

/** A category a website's reviewer may ask for (GET document_categories_and_types, website_document_categories). */
interface WebsiteDocumentCategory {
  id: number;
  label: string;
}

/** With a disapproval, the document to ask the merchant for (the website document categories), or none. */
export function AskForWebsiteDocument({ value, onChange }: { value: number | null; onChange(value: number | null): void }) {
  loadDocumentTexts();
  const { data } = useSWR('/api/v1/document_categories_and_types', (path: string) =>
    apiFetch<{ website_document_categories: WebsiteDocumentCategory[] }>(path).then((body) => body.website_document_categories),
  );
  return (
    <TextField select label={t('ops.queue.websiteAskDocument')} value={value === null ? '' : String(value)} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)} fullWidth>
      <MenuItem value="">{t('ops.queue.websiteNoDocument')}</MenuItem>
      {(data ?? []).map((category) => (
        <MenuItem key={category.id} value={String(category.id)}>
          {category.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
