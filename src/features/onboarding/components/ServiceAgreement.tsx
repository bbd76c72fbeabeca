import { Suspense, useEffect, useId, useRef, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '../../../shared/router';
import rulesConfig from '../../../../rules/config';
import { evaluateStatus } from '../../../../rules/evaluate';
import { apiFetch, ApiRequestError } from '../../../shared/api/fetcher';
import { downloadFile, fetchFile } from '../../../shared/api/download';
import { usePermissions } from '../../../shared/api/hooks';
import { NoAccessDialog } from '../../../shared/ui/NoAccessDialog';
import { keys } from '../../../shared/api/keys';
import type { Merchant } from '../../../shared/api/types';
import { track } from '../../../shared/analytics/analytics';
import { sendToHost } from '../../../shared/host/hostMessaging';
import { t } from '../../../shared/ui/t';
import { LazyStepScreen } from '../stepScreens';
import type { StepComponentProps } from '../stepComponents';
import type { Signed } from './AgreementEsignDialog';
import { AgreementSignedCopy, type SignedCopyOffer } from './AgreementSignedCopy';
import { CONTACT_US_URL } from '../../../shared/ui/contactUs';
import { loadComponentTexts } from './componentTexts';
import { lazyWithRetry } from '../../../../ui/lazyWithRetry';

const AgreementAcceptDialog = lazyWithRetry(() => import('./AgreementAcceptDialog').then((module) => ({ default: module.AgreementAcceptDialog })));
const AgreementEsignDialog = lazyWithRetry(() => import('./AgreementEsignDialog').then((module) => ({ default: module.AgreementEsignDialog })));
/** The success dialog follows the e-sign call's answer after this long (onboarding spec section 4). */
const SUCCESS_AFTER_MS = 200;

/** How often the loader asks how the generation is going (the live channel usually says first). */
const POLL_MS = 1500;

interface AgreementDocument {
  uuid: string;
  status: string;
  remarks?: string | null;
  processed_document: { path: string; filename: string } | null;
}
/**
 * GET generate_agreement: how the generation is going, the agreement file in force (the generated one, or a signed
 * copy in its place), the agreement's own file to sign on paper, and whether a signed copy may be uploaded.
 */
interface AgreementState {
  generation: { status: 'queued' | 'done' | 'failed'; failures: number } | null;
  kyc_document: AgreementDocument | null;
  agreement_file?: { path: string; filename: string } | null;
  signed_copy?: SignedCopyOffer;
}

type Shown = 'details' | 'generating' | 'retry' | 'failed' | 'ready' | 'accept' | 'esign' | 'signed' | 'noAccess' | null;

/**
 * The service agreement step (onboarding spec sections 2, 4): until the website allows it the row (rules/steps.json)
 * asks for the website details and this says why, with the way there; then the merchant generates the agreement (the agreement details dialog first when the business details
 * lack them), watches the "Generating Service Agreement" loader, and gets the ready dialog with the next steps and the
 * download; "Something went wrong!" offers RETRY, a second failure CONTACT US. Then the agreement is read in the
 * acceptance modal and accepted (update_user_profile only; others get the no-access modal), and e-signed; or a signed
 * (and stamped) copy is uploaded instead, which operations approve.
 */
export function ServiceAgreement({ merchant, mayAct, permitted = true }: StepComponentProps) {
  loadComponentTexts();
  const uuid = merchant.uuid;
  const { mutate: mutateAny } = useSWRConfig();
  const { data, mutate } = useSWR(keys.agreement(uuid), (path: string) => apiFetch<AgreementState>(path));
  const permissions = usePermissions(merchant.mid as number | undefined);
  const [shown, setShown] = useState<Shown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = evaluateStatus(merchant, rulesConfig);
  const websiteReady = status.agreementWebsiteReady === true;
  const agreement = data?.kyc_document ?? null;
  const generation = data?.generation ?? null;
  const individual = status.agreementSignedByHolder === true;

  // The loader gives way to the ready dialog once the agreement is there, or to RETRY / CONTACT US when it failed.
  const dialog: Shown =
    shown !== 'generating' ? shown : agreement ? 'ready' : generation?.status === 'failed' ? (generation.failures >= 2 ? 'failed' : 'retry') : 'generating';
  // While the loader shows, ask how it goes (the live channel usually says first).
  useEffect(() => {
    if (dialog !== 'generating') return;
    const timer = setInterval(() => void mutate(), POLL_MS);
    return () => clearInterval(timer);
  }, [dialog, mutate]);

  const generate = async () => {
    track('agreement_cta_clicked', { cta: 'generate_agreement' });
    setBusy(true);
    setProblem(null);
    try {
      const answer = await apiFetch<AgreementState>(`/api/v1/merchants/${uuid}/generate_agreement`, { method: 'POST' });
      await mutate(answer, { revalidate: false });
      setShown(answer.kyc_document ? 'ready' : 'generating');
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 422 && Array.isArray(error.body.details_required)) setShown('details');
      else setProblem(error instanceof ApiRequestError && typeof error.body.error === 'string' ? error.body.error : t('agreement.error'));
    } finally {
      setBusy(false);
    }
  };

  const accept = async () => {
    track('agreement_cta_clicked', { cta: 'i_accept' });
    const answer = await apiFetch<{ merchant: Merchant }>(`/api/v1/merchants/${uuid}/accept_service_agreement`, { method: 'POST' }).catch((error: unknown) => {
      throw new Error(error instanceof ApiRequestError && typeof error.body.error === 'string' ? error.body.error : t('agreement.error'));
    });
    await mutateAny(keys.merchant(uuid), answer.merchant, { revalidate: false });
    await mutate();
    setShown(null);
  };

  // Accepting and signing need update_user_profile (spec section 6); others get the no-access modal.
  const mayAcceptOrSign = permissions.data?.includes('update_user_profile') === true;
  const openAcceptance = () => {
    track('agreement_cta_clicked', { cta: 'read_and_accept' });
    setShown(mayAcceptOrSign ? 'accept' : 'noAccess');
  };
  const openEsign = () => {
    track('agreement_cta_clicked', { cta: 'e_sign' });
    setShown(mayAcceptOrSign ? 'esign' : 'noAccess');
  };
  const [signedPath, setSignedPath] = useState<{ path: string; filename: string } | null>(null);
  const signed = (answer: Signed) => {
    setSignedPath(answer.kyc_document.processed_document);
    setShown(null);
    void mutateAny(keys.merchant(uuid), answer.merchant, { revalidate: false });
    void mutate();
    // The merchant has finished: the host app (if any) is told, and the success dialog follows 200 ms later.
    sendToHost({ event: 'OnboardingCompleted' });
    window.setTimeout(() => setShown('signed'), SUCCESS_AFTER_MS);
  };

  // A signed copy approved while the page is open finishes the onboarding as an e-sign does: the host app is told.
  const seenStatus = useRef(agreement?.status);
  useEffect(() => {
    if (seenStatus.current === 'Counter Signed Received' && agreement?.status === 'Approved') sendToHost({ event: 'OnboardingCompleted' });
    seenStatus.current = agreement?.status;
  }, [agreement?.status]);

  // What is downloaded and signed is the agreement itself, even while a signed copy is in force in its place.
  const agreementFile = data?.agreement_file ?? agreement?.processed_document ?? null;
  const download = () => {
    track('agreement_cta_clicked', { cta: 'download_agreement' });
    if (!agreementFile) return;
    const { path, filename } = agreementFile;
    // A new tab for the PDF (the spec); where none can open (an app's web view), a download.
    const tab = window.open('', '_blank');
    if (!tab) return void downloadFile(path, filename).catch(() => setProblem(t('agreement.error')));
    fetchFile(path)
      .then((response) => response.blob())
      .then(
        (blob) => {
          tab.location.href = URL.createObjectURL(blob);
        },
        () => {
          tab.close();
          setProblem(t('agreement.error'));
        },
      );
  };

  if (!data) return <LinearProgress aria-label={t('common.loading')} />;

  return (
    <Box sx={{ mb: 1 }}>
      {!agreement && !websiteReady && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" color="text.secondary">
            {t('agreement.websiteRequired')}
          </Typography>
          {/* The way to the website details only while the merchant can fill them: the Website tab once it shows, else
              their step in the profile. */}
          {status.websiteToDo === true && (
            <Button component={RouterLink} to={status.websiteTabVisible === true ? '/onboarding/website' : '/onboarding?step=website-details'} variant="outlined" sx={{ minHeight: 44 }}>
              {t('agreement.goToWebsite')}
            </Button>
          )}
        </Stack>
      )}
      {!agreement && websiteReady && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {generation?.status === 'queued' && (
            <Typography variant="body2" color="text.secondary">
              {t('agreement.tooltip.generating')}
            </Typography>
          )}
          {mayAct && (
            <Button variant="contained" onClick={() => void generate()} disabled={busy} sx={{ minHeight: 44 }}>
              {t('agreement.generate')}
            </Button>
          )}
        </Stack>
      )}
      {agreement && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Link component="button" type="button" onClick={download} sx={{ minHeight: 44 }}>
            {t('agreement.download')}
          </Link>
          {agreement.status === 'Pending' && mayAct && (
            <Button variant="contained" onClick={openAcceptance} disabled={!permissions.data} sx={{ minHeight: 44 }}>
              {t('agreement.review')}
            </Button>
          )}
          {agreement.status === 'accepted' && (
            <>
              <Alert severity="success" role="status">
                {t('agreement.accepted')}
              </Alert>
              {mayAct && (
                <Button variant="contained" onClick={openEsign} disabled={!permissions.data} sx={{ minHeight: 44 }}>
                  {t('esign.button')}
                </Button>
              )}
            </>
          )}
          <AgreementSignedCopy
            merchantUuid={uuid}
            agreement={agreement}
            offer={data.signed_copy}
            individual={individual}
            mayAct={mayAct}
            permitted={permitted}
            onUploaded={() => {
              void mutate();
              void mutateAny(keys.merchant(uuid));
            }}
          />
        </Stack>
      )}
      {problem && (
        <Alert severity="warning" role="alert" sx={{ mt: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}

      {dialog === 'details' && (
        <AgreementDialog title={t('agreement.details.title')} onClose={() => setShown(null)}>
          <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
            <LazyStepScreen
              stepId="agreement-details"
              merchant={merchant}
              readonly={false}
              onSaved={(saved) => {
                void mutateAny(keys.merchant(uuid), saved, { revalidate: false });
                setShown(null);
                void generate();
              }}
            />
          </Suspense>
        </AgreementDialog>
      )}
      {dialog === 'generating' && (
        <AgreementDialog title={t('agreement.generating')}>
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
            <CircularProgress size={32} aria-hidden />
            <Typography>{t('agreement.tooltip.generating')}</Typography>
          </Box>
        </AgreementDialog>
      )}
      {dialog === 'retry' && (
        <AgreementDialog
          title={t('agreement.retry.title')}
          onClose={() => setShown(null)}
          actions={
            <Button variant="contained" onClick={() => void generate()} disabled={busy} sx={{ minHeight: 44 }}>
              {t('agreement.retry.button')}
            </Button>
          }
        />
      )}
      {dialog === 'failed' && (
        <AgreementDialog
          title={t('agreement.failed.text')}
          onClose={() => setShown(null)}
          actions={
            <Button variant="contained" href={CONTACT_US_URL} sx={{ minHeight: 44 }}>
              {t('agreement.contactUs')}
            </Button>
          }
        />
      )}
      {dialog === 'ready' && (
        <AgreementDialog title={t('agreement.ready.title')} onClose={() => setShown(null)}>
          <Typography component="h3" variant="subtitle1" gutterBottom>
            {t('agreement.ready.nextSteps')}
          </Typography>
          <Box component="ol" sx={{ pl: 3, mt: 0 }}>
            <li>{t('agreement.ready.step.download')}</li>
            <li>{t(individual ? 'agreement.ready.step.sign' : 'agreement.ready.step.signAndStamp')}</li>
            <li>{t(individual ? 'agreement.ready.step.upload' : 'agreement.ready.step.uploadStamped')}</li>
          </Box>
          <Link component="button" type="button" onClick={download} sx={{ minHeight: 44 }}>
            {t('agreement.ready.download')}
          </Link>
        </AgreementDialog>
      )}
      {dialog === 'accept' && agreement && (
        <Suspense fallback={null}>
          <AgreementAcceptDialog documentUuid={agreement.uuid} onAccept={accept} onClose={() => setShown(null)} />
        </Suspense>
      )}
      {dialog === 'esign' && (
        <Suspense fallback={null}>
          <AgreementEsignDialog merchantUuid={uuid} onSigned={signed} onClose={() => setShown(null)} />
        </Suspense>
      )}
      {dialog === 'signed' && (
        <AgreementDialog title={t('esign.success.title')} onClose={() => setShown(null)}>
          <Typography gutterBottom>{t('esign.success.text', { name: String(merchant.pancard_name ?? '') })}</Typography>
          {signedPath && (
            <Link component="button" type="button" onClick={() => {
                track('agreement_cta_clicked', { cta: 'download_signed_agreement' });
                void downloadFile(signedPath.path, signedPath.filename).catch(() => setProblem(t('agreement.error')));
              }} sx={{ minHeight: 44 }}>
              {t('esign.success.download')}
            </Link>
          )}
        </AgreementDialog>
      )}
      {dialog === 'noAccess' && <NoAccessDialog text="agreement" onClose={() => setShown(null)} />}
    </Box>
  );
}

/** One of the agreement's small dialogs: a title, what it says, and its actions (a close button when it can close). */
function AgreementDialog({ title, children, actions, onClose }: { title: string; children?: React.ReactNode; actions?: React.ReactNode; onClose?(): void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children && <DialogContent>{children}</DialogContent>}
      {(actions || onClose) && (
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          {onClose && (
            <Button onClick={onClose} sx={{ minHeight: 44 }}>
              {t('agreement.close')}
            </Button>
          )}
          {actions}
        </DialogActions>
      )}
    </Dialog>
  );
}
