import { useId, useState } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import { track } from '../../shared/analytics/analytics';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import { uploadForm } from '../../shared/api/upload';
import { t } from '../../shared/ui/t';
import { FileDrop, previewOf, type HeldFile } from './FileDrop';
import { SortablePages, type Page } from './SortablePages';
import type { DocumentCategory, DocumentTypeOption } from './types';
import { loadDocumentTexts } from './documentTexts';

/** The pages a multi-page document takes at most (spec section 9). */
const MAX_PAGES = 5;

interface Attachment {
  attachment: { id: number; kyc_document_uuid: string };
}
interface ExistingPages {
  uuid: string | null;
  uploaded_documents: Array<{ id: number; filename: string; byte_size: number }>;
}

type Mode = 'single' | 'frontBack' | 'multi';

/** How a type is uploaded: front and back, several pages, or one file (the category's lists, spec section 3). */
export function modeOf(category: DocumentCategory, type: string | null): Mode {
  if (type && category.subCategory?.uploadFrontAndBack.includes(type)) return 'frontBack';
  if (type && category.subCategory?.uploadMultiple.includes(type)) return 'multi';
  return 'single';
}

/**
 * Where the dialog sends a file that starts a document (the whole file, or the first page of a draft) and the form
 * fields that go with it, when not the merchant's KYC documents with the category's and type's codes: a signed copy
 * of the agreement (its class and status besides), a website document (create_website_documents).
 */
export interface UploadTarget {
  path?: string;
  fields: Readonly<Record<string, string>>;
}

/**
 * The upload dialog of one document (onboarding spec sections 2 and 4): the document type chooser (a radio list with
 * the hint of the selected type) when the category has types, then one uploader, the FRONT and BACK slots, or the
 * sortable pages. Sides and pages are stored as they are chosen and merged into one PDF on DONE; cancelling after
 * uploading asks first, and YES deletes what was uploaded. `onDone` runs once the document is stored.
 */
export function UploadDialog({
  merchantUuid,
  category,
  sendTo,
  onClose,
  onDone,
}: {
  merchantUuid: string;
  category: DocumentCategory;
  sendTo?: UploadTarget;
  onClose: () => void;
  onDone: () => void;
}) {
  loadDocumentTexts();
  const id = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const types = category.subCategory?.value ?? [];
  const [type, setType] = useState<string | null>(types.length === 1 ? types[0]!.value : null);
  const [step, setStep] = useState<'type' | 'files'>(types.length > 1 ? 'type' : 'files');
  const [draft, setDraft] = useState<string | null>(null);
  const [pages, setPages] = useState<Page[]>([]);
  const [sides, setSides] = useState<{ front: Page | null; back: Page | null }>({ front: null, back: null });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [disclaimer, setDisclaimer] = useState(false);

  const mode = modeOf(category, type);
  const chosen: DocumentTypeOption | undefined = types.find((option) => option.value === type);
  const base = `/api/v1/merchants/${merchantUuid}`;

  // Opening the files step resumes a draft of this category and type, if the merchant left one.
  const query = new URLSearchParams({ document_category: category.code, document_type: type ?? '' });
  const { isLoading: loading } = useSWR<ExistingPages>(step === 'files' && mode !== 'single' ? `${base}/kyc_documents/existing_pages?${query}` : null, (path: string) => apiFetch<ExistingPages>(path), {
    revalidateOnMount: true,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    dedupingInterval: 0,
    onSuccess: (existing) => {
      if (!existing.uuid) return;
      const stored = existing.uploaded_documents.map((file) => ({ id: file.id, name: file.filename, size: file.byte_size, previewUrl: null }));
      setDraft(existing.uuid);
      if (mode === 'multi') setPages(stored);
      else setSides({ front: stored[0] ?? null, back: stored[1] ?? null });
    },
    onError: () => setProblem(t('documents.loadFailed')),
  });

  const chooseType = async (value: string) => {
    setType(value);
    if (value !== 'AADHAR') return;
    const seen = await apiFetch<{ acknowledged: boolean }>(`${base}/aadhaar_disclaimer`).catch(() => ({ acknowledged: false }));
    if (!seen.acknowledged) setDisclaimer(true);
  };
  const acknowledge = async () => {
    setDisclaimer(false);
    await apiFetch(`${base}/aadhaar_disclaimer`, { method: 'POST' }).catch(() => undefined);
  };

  /** Sends one file: the whole document, or a page of the draft (the first page starts it). */
  const send = async (file: File, onProgress: (percent: number) => void, as: 'processed_document' | 'uploaded_documents'): Promise<Page | null> => {
    const form = new FormData();
    const fields = sendTo?.fields ?? { document_category: category.code, ...(type ? { document_type: type } : {}) };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(as, file, file.name);
    const start = sendTo?.path ?? `${base}/kyc_documents`;
    try {
      if (as === 'processed_document') {
        await uploadForm(start, form, onProgress);
        return null;
      }
      const path = draft ? `${base}/kyc_documents/${draft}/append_attachment` : start;
      const answer = await uploadForm<Attachment>(path, form, onProgress);
      setDraft(answer.attachment.kyc_document_uuid);
      return { ...previewOf(file), id: answer.attachment.id };
    } catch (error) {
      throw new Error(error instanceof ApiRequestError && error.status > 0 && error.status < 500 ? error.message : t(draft ? 'documents.appendFailed' : 'documents.uploadFailed'));
    }
  };
  const removePage = async (page: Page) => {
    if (!draft) return;
    setProblem(null);
    try {
      await apiFetch(`${base}/kyc_documents/${draft}/attachment`, { method: 'DELETE', body: { file_ids: [page.id] } });
      setPages((shown) => shown.filter((item) => item.id !== page.id));
      setSides((shown) => ({ front: shown.front?.id === page.id ? null : shown.front, back: shown.back?.id === page.id ? null : shown.back }));
    } catch {
      setProblem(t('documents.removeFailed'));
      window.setTimeout(() => setProblem(null), 3000);
    }
  };
  const done = async () => {
    if (!draft) return;
    const order = mode === 'multi' ? pages.map((page) => page.id) : [sides.front, sides.back].filter((side): side is Page => side !== null).map((side) => side.id);
    setBusy(true);
    setProblem(null);
    try {
      await apiFetch(`${base}/kyc_documents/${draft}/merge_documents`, { method: 'PUT', body: { document_order: order, document_category: category.code, document_type: type } });
      onDone();
    } catch (error) {
      track('document_merge_failed', { document_category: category.code, status: error instanceof ApiRequestError ? error.status : 0 });
      setProblem(error instanceof ApiRequestError && error.status > 0 && error.status < 500 ? error.message : t('error.somethingWentWrong'));
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => (draft && (pages.length > 0 || sides.front || sides.back) ? setConfirmCancel(true) : onClose());
  const discard = async () => {
    setConfirmCancel(false);
    try {
      if (draft) await apiFetch(`${base}/kyc_documents/${draft}`, { method: 'DELETE' });
      onClose();
    } catch {
      setProblem(t('documents.removeFilesFailed'));
    }
  };

  const backOptional = chosen?.backOptional === true;
  const canFinish = mode === 'multi' ? pages.length > 0 : mode === 'frontBack' ? Boolean(sides.front && (sides.back || backOptional)) : false;
  const title = step === 'type' ? (category.subCategory?.modalTitle ?? category.label) : (chosen?.modalTitle ?? chosen?.label ?? category.label);
  const held = (side: Page | null): HeldFile | null => side;
  const sideLabel = (side: 'front' | 'back') => {
    const name = chosen?.sideLabels?.[side] ?? t(side === 'front' ? 'documents.front' : 'documents.back');
    return side === 'back' && backOptional ? t('documents.optionalSide', { side: name }) : name;
  };

  return (
    <>
      <Dialog open fullScreen={fullScreen} onClose={busy ? undefined : cancel} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          {step === 'type' ? (
            <FormControl>
              <RadioGroup aria-labelledby={`${id}-title`} value={type ?? ''} onChange={(event) => void chooseType(event.target.value)}>
                {types.map((option) => (
                  <Box key={option.value}>
                    <FormControlLabel value={option.value} control={<Radio />} label={option.label} sx={{ minHeight: 44 }} />
                    {type === option.value && (option.coachMark ?? option.subLabel ?? category.subCategory?.coachMark) && (
                      <FormHelperText sx={{ mt: -0.5, mb: 1, ml: 4 }}>{option.coachMark ?? option.subLabel ?? category.subCategory?.coachMark}</FormHelperText>
                    )}
                  </Box>
                ))}
              </RadioGroup>
            </FormControl>
          ) : loading ? (
            <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 2 }}>
              <CircularProgress size={24} />
              {t('documents.loadingPages')}
            </Box>
          ) : (
            <Box sx={{ display: 'grid', gap: 1.5 }}>
              {chosen?.modalDescription && <DialogContentText>{chosen.modalDescription}</DialogContentText>}
              {mode === 'single' && (
                <FileDrop
                  label={chosen?.label ?? category.label}
                  maxMb={category.maxFileSizeLimit}
                  held={null}
                  upload={async (file, onProgress) => {
                    await send(file, onProgress, 'processed_document');
                    onDone();
                  }}
                />
              )}
              {mode === 'frontBack' &&
                (['front', 'back'] as const).map((side) => (
                  <FileDrop
                    key={side}
                    label={sideLabel(side)}
                    maxMb={category.maxFileSizeLimit}
                    held={held(sides[side])}
                    disabled={busy}
                    upload={async (file, onProgress) => {
                      const page = await send(file, onProgress, 'uploaded_documents');
                      if (page) setSides((shown) => ({ ...shown, [side]: page }));
                    }}
                    onRemove={() => sides[side] && void removePage(sides[side])}
                  />
                ))}
              {mode === 'multi' &&
                (pages.length === 0 ? (
                  <FileDrop
                    label={t('documents.page', { n: 1 })}
                    maxMb={category.maxFileSizeLimit}
                    held={null}
                    upload={async (file, onProgress) => {
                      const page = await send(file, onProgress, 'uploaded_documents');
                      if (page) setPages((shown) => [...shown, page]);
                    }}
                  />
                ) : (
                  <>
                    <SortablePages
                      pages={pages}
                      onReorder={setPages}
                      onRemove={(page) => void removePage(page)}
                      addMore={
                        pages.length < MAX_PAGES ? (
                          <FileDrop
                            label={t('documents.addMore')}
                            maxMb={category.maxFileSizeLimit}
                            held={null}
                            disabled={busy}
                            upload={async (file, onProgress) => {
                              const page = await send(file, onProgress, 'uploaded_documents');
                              if (page) setPages((shown) => [...shown, page]);
                            }}
                          />
                        ) : undefined
                      }
                    />
                    <FormHelperText>{pages.length >= MAX_PAGES ? t('documents.maxPages', { max: MAX_PAGES }) : t('documents.sortHint')}</FormHelperText>
                  </>
                ))}
            </Box>
          )}
          {problem && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={cancel} disabled={busy} sx={{ minHeight: 44 }}>
            {t('documents.cancel')}
          </Button>
          {step === 'type' ? (
            <Button variant="contained" disabled={!type} onClick={() => setStep('files')} sx={{ minHeight: 44 }}>
              {t('documents.continue')}
            </Button>
          ) : (
            mode !== 'single' && (
              <Button variant="contained" disabled={!canFinish || busy} onClick={() => void done()} sx={{ minHeight: 44 }}>
                {busy ? t('documents.merging') : t('documents.done')}
              </Button>
            )
          )}
        </DialogActions>
      </Dialog>
      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)} aria-labelledby={`${id}-cancel`} aria-describedby={`${id}-cancel-text`}>
        <DialogTitle id={`${id}-cancel`}>{t('documents.cancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-cancel-text`}>{t('documents.cancelConfirm')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmCancel(false)} sx={{ minHeight: 44 }}>
            {t('documents.no')}
          </Button>
          <Button variant="contained" onClick={() => void discard()} sx={{ minHeight: 44 }}>
            {t('documents.yes')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={disclaimer} aria-labelledby={`${id}-aadhaar`} aria-describedby={`${id}-aadhaar-text`}>
        <DialogTitle id={`${id}-aadhaar`}>{t('documents.aadhaarDisclaimer.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-aadhaar-text`}>{t('documents.aadhaarDisclaimer.body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => void acknowledge()} sx={{ minHeight: 44 }}>
            {t('documents.aadhaarDisclaimer.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
