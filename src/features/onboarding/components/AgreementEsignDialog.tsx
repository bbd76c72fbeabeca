import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { OtpBoxes } from '../../../../widgets/OtpBoxesWidget';
import { apiFetch, ApiRequestError } from '../../../shared/api/fetcher';
import { downloadFile } from '../../../shared/api/download';
import type { Merchant } from '../../../shared/api/types';
import { t } from '../../../shared/ui/t';
import { useOtpDialog } from './useOtpDialog';
import { loadComponentTexts } from './componentTexts';
import { loadStepFormTexts } from '../../../../schemas/stepFormTexts';

/** The success dialog shows this long after the e-sign call answered (onboarding spec section 4). */
export const SUCCESS_AFTER_MS = 200;
const OTP_LENGTH = 4;

/** A document signed with the agreement's OTP and filed on the Documents tab (the authorisation letter, Schedule C). */
interface SignedWithIt {
  document_category: string;
  title: string;
  path: string;
  filename: string;
}
interface ToSign {
  kyc_document: { uuid: string; merged_document: { path: string; filename: string } };
  signatory: { name: string; email: string };
  /** What the same OTP signs besides the agreement, and what it leaves as the merchant uploaded it. */
  documents: SignedWithIt[];
  kept: Array<{ document_category: string; title: string }>;
}
export interface Signed {
  kyc_document: { uuid: string; processed_document: { path: string; filename: string } };
  merchant: Merchant;
  documents: Array<{ document_category: string; kyc_document_uuid: string; processed_document: { path: string; filename: string } }>;
}

/** Titles as one phrase in the page's language ("Authorisation Letter and Schedule C"). */
const listed = (titles: readonly string[]) => new Intl.ListFormat(document.documentElement.lang || 'en', { type: 'conjunction' }).format(titles);

/** A failed call's text (spec section 8): the code's error, else the server's error, else the generic one. */
function problemText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('esign.error');
  const errors = error.body.errors as Record<string, string[]> | undefined;
  const listed = errors?.code ?? (errors ? Object.values(errors).flat() : undefined);
  if (listed?.length) return listed.join(' ');
  return typeof error.body.error === 'string' ? error.body.error : t('esign.error');
}

/**
 * E-signing the accepted agreement (onboarding spec sections 2, 4: the msa-review-esign dialog): the merged document
 * to review and download, an OTP sent to the signing authority, and the e-sign call with the token the OTP gives.
 * Before the OTP is sent it says who receives it and lists every document that one OTP signs, each to read: the
 * agreement, and the authorisation letter and Schedule C the merchant has not uploaded signed (those go to the
 * Documents tab), naming those already uploaded, which stay as they are.
 * `onSigned` is called with the answer; the caller shows the success dialog 200 ms later.
 */
export function AgreementEsignDialog({ merchantUuid, onSigned, onClose }: { merchantUuid: string; onSigned(signed: Signed): void; onClose(): void }) {
  loadComponentTexts();
  loadStepFormTexts();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [toSign, setToSign] = useState<ToSign | null>(null);
  const [stage, setStage] = useState<'review' | 'otp'>('review');
  const [code, setCode] = useState('');
  const { busy, problem, setProblem, run, codeSent, mayResend } = useOtpDialog(problemText);

  useEffect(() => {
    let current = true;
    apiFetch<ToSign>(`/api/v1/merchants/${merchantUuid}/generate_merged_document_for_esign`).then(
      (answer) => current && setToSign(answer),
      (error: unknown) => current && setProblem(problemText(error)),
    );
    return () => {
      current = false;
    };
  }, [merchantUuid, setProblem]);

  const sendOtp = () =>
    run(async () => {
      await apiFetch(`/api/v1/kyc_documents/${toSign!.kyc_document.uuid}/send_signatory_otp`, { method: 'POST' });
      codeSent();
      setStage('otp');
    });
  const read = (file: { path: string; filename: string }) => void downloadFile(file.path, file.filename).catch(() => setProblem(t('esign.error')));
  const sign = () =>
    run(async () => {
      const documentUuid = toSign!.kyc_document.uuid;
      const verified = await apiFetch<{ esign_token: string }>('/api/v1/verifiy_signatory_otp', { method: 'POST', body: { otp: { kyc_document_uuid: documentUuid, code } } });
      onSigned(await apiFetch<Signed>(`/api/v1/kyc_documents/${documentUuid}/esign_merged_document`, { method: 'POST', body: { otp: verified.esign_token } }));
    });

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('esign.review.title')}</DialogTitle>
      <DialogContent>
        {!toSign && !problem && <LinearProgress aria-label={t('common.loading')} />}
        {toSign && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {toSign.documents.length === 0 ? (
              <>
                <Typography>{t('esign.review.text', { email: toSign.signatory.email })}</Typography>
                <Link component="button" type="button" onClick={() => read(toSign.kyc_document.merged_document)} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
                  {t('esign.review.download')}
                </Link>
              </>
            ) : (
              <>
                <Typography>{t('esign.review.textAll', { email: toSign.signatory.email, count: toSign.documents.length + 1 })}</Typography>
                <Typography id={`${titleId}-documents`} variant="subtitle2" component="h3">
                  {t('esign.review.documents')}
                </Typography>
                <Box component="ol" aria-labelledby={`${titleId}-documents`} sx={{ m: 0, pl: 3 }}>
                  {[{ title: t('esign.review.agreement'), file: toSign.kyc_document.merged_document }, ...toSign.documents.map((document) => ({ title: document.title, file: document }))].map(({ title, file }) => (
                    <li key={file.path}>
                      <Link component="button" type="button" onClick={() => read(file)} sx={{ minHeight: 44, textAlign: 'start' }}>
                        {t('esign.review.item', { title })}
                      </Link>
                    </li>
                  ))}
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {t('esign.review.filed')}
                </Typography>
              </>
            )}
            {toSign.kept.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('esign.review.kept', { titles: listed(toSign.kept.map((document) => document.title)) })}
              </Typography>
            )}
            {stage === 'otp' && (
              <>
                <OtpBoxes id={`${titleId}-otp`} label={t('esign.otp.label')} value={code} onChange={setCode} length={OTP_LENGTH} autoFocus disabled={busy} error={problem !== null} required />
                <Box>
                  <Button onClick={() => void sendOtp()} disabled={busy || !mayResend} sx={{ minHeight: 44 }}>
                    {t('otp.dialog.resend')}
                  </Button>
                </Box>
              </>
            )}
          </Stack>
        )}
        {problem && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} disabled={busy} sx={{ minHeight: 44 }}>
          {t('otp.dialog.cancel')}
        </Button>
        {toSign && stage === 'review' && (
          <Button variant="contained" onClick={() => void sendOtp()} disabled={busy} sx={{ minHeight: 44 }}>
            {t('esign.review.send')}
          </Button>
        )}
        {toSign && stage === 'otp' && (
          <Button variant="contained" onClick={() => void sign()} disabled={busy || code.length !== OTP_LENGTH} sx={{ minHeight: 44 }}>
            {t('esign.otp.sign')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
