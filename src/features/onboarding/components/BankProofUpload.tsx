import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { evaluateStatus } from '../../../../rules/evaluate';
import rulesConfig from '../../../../rules/config';
import { ApiRequestError } from '../../../shared/api/fetcher';
import { keys } from '../../../shared/api/keys';
import type { Merchant } from '../../../shared/api/types';
import { uploadForm } from '../../../shared/api/upload';
import { t } from '../../../shared/ui/t';
import { NoAccessDialog } from '../../../shared/ui/NoAccessDialog';
import type { StepComponentProps } from '../stepComponents';
import { loadComponentTexts } from './componentTexts';
import { loadStepFormTexts } from '../../../../schemas/stepFormTexts';

/** The proof types (onboarding spec section 3), in the order offered. */
const PROOF_TYPES = ['CC', 'BS', 'PB', 'BC'] as const;
/** A bank proof is smaller than 5 MB (spec section 9); the server checks again, by content. */
const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

/**
 * The bank proof upload (onboarding spec sections 3, 4, 8): shown while the rules want a proof (rules/status.json
 * bankProofWanted: a bank detail that is not verified and has no proof). The merchant chooses the kind of proof
 * (each with what it must show), a file, and uploads it with a progress bar; the answer's record replaces the
 * merchant's, so the step shows the proof under review.
 */
export function BankProofUpload({ merchant, mayAct, permitted = true }: StepComponentProps) {
  loadComponentTexts();
  loadStepFormTexts();
  const id = useId();
  const { mutate } = useSWRConfig();
  const [type, setType] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // `sentWith`: the bank detail the page held when the proof was sent (the page then receives the record answered).
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; sentWith?: unknown } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [noAccess, setNoAccess] = useState(false);

  const wanted = evaluateStatus(merchant, rulesConfig).bankProofWanted === true;
  // The confirmation stands while the proof is under review; once a newer record asks for another (operations
  // declined it), the upload shows again.
  if (outcome?.ok && (!wanted || merchant.bank_detail === outcome.sentWith)) {
    return (
      <Alert severity="success" role="status" sx={{ mt: 2 }}>
        {outcome.text}
      </Alert>
    );
  }
  if (!wanted) return null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    setOutcome(null);
    if (chosen && chosen.size >= MAX_BYTES) return (setFile(null), setFileProblem(t('validation.fileSize', { max: 5 })));
    if (chosen && !/\.(pdf|png|jpe?g)$/i.test(chosen.name)) return (setFile(null), setFileProblem(t('validation.fileType')));
    setFileProblem(null);
    setFile(chosen);
  };
  const upload = async () => {
    if (!permitted) return setNoAccess(true);
    if (!type || !file || progress !== null) return;
    const form = new FormData();
    form.append('proof_type', type);
    form.append('file', file, file.name);
    setProgress(0);
    setOutcome(null);
    try {
      const answer = await uploadForm<{ message: string; merchant: Merchant }>(`/api/v1/merchants/${merchant.uuid}/bank_details/bank_verification_by_bank_proof`, form, setProgress);
      setOutcome({ ok: true, text: answer.message, sentWith: merchant.bank_detail });
      await mutate(keys.merchant(merchant.uuid), answer.merchant, { revalidate: false });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof ApiRequestError && error.status !== 0 && error.status < 500 ? error.message : t('error.generic') });
    } finally {
      setProgress(null);
    }
  };
  // Without the permission the proof can be chosen and UPLOAD opens the no-access modal (spec section 6).
  const disabled = (permitted && !mayAct) || progress !== null;
  // Operations declined the last proof (the review queue): why, above the upload of another.
  const declinedBecause = (merchant.bank_detail as { bank_verification_remarks?: string | null } | null)?.bank_verification_remarks;

  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id={`${id}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('bankProof.title')}
      </Typography>
      {declinedBecause && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {t('bankProof.declined', { remarks: declinedBecause })}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('bankProof.intro')}
      </Typography>
      <FormControl disabled={disabled}>
        <FormLabel id={`${id}-type`}>{t('bankProof.type.label')}</FormLabel>
        <RadioGroup aria-labelledby={`${id}-type`} value={type ?? ''} onChange={(event) => setType(event.target.value)}>
          {PROOF_TYPES.map((code) => (
            <Box key={code}>
              <FormControlLabel value={code} control={<Radio />} label={t(`bankProof.type.${code}`)} sx={{ minHeight: 44 }} />
              {type === code && <FormHelperText sx={{ mt: -0.5, mb: 1, ml: 4 }}>{t(`bankProof.hint.${code}`)}</FormHelperText>}
            </Box>
          ))}
        </RadioGroup>
      </FormControl>
      <Box sx={{ mt: 1 }}>
        <Button variant="outlined" disabled={disabled} onClick={() => fileInput.current?.click()} aria-describedby={`${id}-file-help`} sx={{ minHeight: 44 }}>
          {t('bankProof.file.label')}
        </Button>
        <input ref={fileInput} type="file" accept={ACCEPT} hidden onChange={choose} aria-label={t('bankProof.file.label')} />
        <FormHelperText id={`${id}-file-help`} error={fileProblem !== null}>
          {fileProblem ?? (file ? t('bankProof.file.chosen', { name: file.name }) : t('bankProof.file.help'))}
        </FormHelperText>
      </Box>
      {progress !== null && (
        <Box role="status" sx={{ mt: 2 }}>
          <Typography variant="body2">{t('bankProof.uploading', { percent: progress })}</Typography>
          <LinearProgress variant="determinate" value={progress} aria-label={t('bankProof.uploading', { percent: progress })} />
        </Box>
      )}
      {outcome && !outcome.ok && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {outcome.text}
        </Alert>
      )}
      <Button variant="contained" onClick={() => void upload()} disabled={disabled || (permitted && (!type || !file))} sx={{ mt: 2, minHeight: 44 }}>
        {t('bankProof.submit')}
      </Button>
      {noAccess && <NoAccessDialog onClose={() => setNoAccess(false)} />}
    </Box>
  );
}
