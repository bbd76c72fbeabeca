import { useId, useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { t } from '../../shared/ui/t';
import { loadDocumentTexts } from './documentTexts';
import { loadStepFormTexts } from '../../../schemas/stepFormTexts';

/** What an uploader holds once its file is stored: the name and size, and a preview for images. */
export interface HeldFile {
  name: string;
  size: number;
  previewUrl: string | null;
}

/** The types the server takes (spec section 9); it checks again by content. */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
const SLOW_AFTER_MS = 3000;

/** A file's size as people read it. */
export const readableSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * A file's picture: its thumbnail when there is one (an image chosen here), else a badge saying PDF, or IMG for an
 * image stored earlier. `sx` is its box: a fixed square, or the tile's width at a height.
 */
export function FilePicture({ file, alt, sx }: { file: HeldFile; alt: string; sx: { width: number | string; height: number } }) {
  loadDocumentTexts();
  loadStepFormTexts();
  const box = { ...sx, borderRadius: 0.5, flexShrink: 0 };
  if (file.previewUrl) return <Box component="img" src={file.previewUrl} alt={alt} sx={{ ...box, objectFit: 'cover' }} />;
  return (
    <Box aria-hidden sx={{ ...box, display: 'grid', placeItems: 'center', bgcolor: 'error.main', color: 'common.white', fontWeight: 700 }}>
      {t(/\.pdf$/i.test(file.name) ? 'documents.badge.pdf' : 'documents.badge.image')}
    </Box>
  );
}

/** The browser's first check of a chosen file, before it is sent: the type by name and the size limit (spec section 5's words, as the server's). */
export function fileProblem(file: File, maxMb: number): string | null {
  loadStepFormTexts();
  if (!/\.(pdf|png|jpe?g)$/i.test(file.name)) return t('validation.fileType');
  if (file.size >= maxMb * 1024 * 1024) return t('validation.fileSize', { max: maxMb });
  return null;
}

/** A preview of a chosen file: an object URL for an image, none for a PDF (an icon is shown). */
export const previewOf = (file: File): HeldFile => ({ name: file.name, size: file.size, previewUrl: /^image\//.test(file.type) ? URL.createObjectURL(file) : null });

/**
 * The uploader (onboarding spec sections 2 and 4, Documents): empty (a drop area with BROWSE, on phones also the
 * camera, and the note Only jpeg, jpg, pdf and png allowed) → uploading (the real progress of the bytes sent,
 * Uploading ..., and after 3 seconds the longer-than-expected text) → uploaded (an image thumbnail, or a PDF icon
 * with name and size, and Remove) or the error list. `upload` sends the file and reports progress.
 */
export function FileDrop({
  label,
  maxMb,
  held,
  disabled = false,
  upload,
  onRemove,
}: {
  label: string;
  maxMb: number;
  held: HeldFile | null;
  disabled?: boolean;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<void>;
  onRemove?: () => void;
}) {
  loadDocumentTexts();
  loadStepFormTexts();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [slow, setSlow] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const phone = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

  const send = async (file: File | undefined) => {
    if (!file || disabled || progress !== null) return;
    const problem = fileProblem(file, maxMb);
    if (problem) return setErrors([problem]);
    setErrors([]);
    setProgress(0);
    const timer = window.setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    try {
      await upload(file, setProgress);
    } catch (error) {
      setErrors([error instanceof Error && error.message ? error.message : t('documents.uploadFailed')]);
    } finally {
      window.clearTimeout(timer);
      setSlow(false);
      setProgress(null);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  };

  if (held) {
    return (
      <Box data-testid="file-held" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <FilePicture file={held} alt={t('documents.previewOf', { name: held.name })} sx={{ width: 56, height: 56 }} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {label}
          </Typography>
          <Typography variant="body2" noWrap title={held.name}>
            {held.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {readableSize(held.size)}
          </Typography>
        </Box>
        {onRemove && !disabled && (
          <Link component="button" type="button" onClick={onRemove} sx={{ minHeight: 44, px: 1 }} aria-label={t('documents.removeNamed', { name: held.name })}>
            {t('documents.remove')}
          </Link>
        )}
      </Box>
    );
  }

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{ p: 1.5, border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 1, textAlign: 'center' }}
    >
      <Typography component="p" variant="subtitle2" id={`${id}-label`}>
        {label}
      </Typography>
      {progress !== null ? (
        <Box role="status" sx={{ my: 1 }}>
          <Typography variant="body2">{t('documents.uploading')}</Typography>
          <LinearProgress variant="determinate" value={progress} aria-label={t('documents.uploadProgress', { percent: progress })} sx={{ my: 1 }} />
          {slow && <Typography variant="body2">{t('documents.slow')}</Typography>}
        </Box>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
            {t('documents.dropHere')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()} aria-describedby={`${id}-label ${id}-help`} sx={{ minHeight: 44 }}>
              {t('documents.browse')}
            </Button>
            {phone && (
              <Button variant="outlined" disabled={disabled} onClick={() => camera.current?.click()} aria-describedby={`${id}-label`} sx={{ minHeight: 44 }}>
                {t('documents.takePhoto')}
              </Button>
            )}
          </Box>
          <input ref={input} type="file" accept={ACCEPT} hidden aria-label={label} onChange={(event) => void send(event.target.files?.[0]).finally(() => (event.target.value = ''))} />
          <input ref={camera} type="file" accept="image/jpeg,image/png" capture="environment" hidden aria-label={t('documents.takePhoto')} onChange={(event) => void send(event.target.files?.[0]).finally(() => (event.target.value = ''))} />
          <Typography id={`${id}-help`} variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {t('documents.allowedTypes')} · {t('documents.sizeLimit', { size: maxMb })}
          </Typography>
        </>
      )}
      {errors.length > 0 && (
        // The alert holds the list: a role on the list itself would take its list semantics away from its items.
        <Box role="alert" sx={{ mt: 1, textAlign: 'left', color: 'error.main' }}>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {errors.map((error) => (
              <Typography component="li" variant="body2" key={error}>
                {error}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
