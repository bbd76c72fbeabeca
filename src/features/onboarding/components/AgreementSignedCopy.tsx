import { Suspense, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { NoAccessDialog } from '../../../shared/ui/NoAccessDialog';
import { t } from '../../../shared/ui/t';
import { UploadDialog, type DocumentCategory } from '../../documents';
import { loadDocumentTexts } from '../../documents/documentTexts';
import { loadComponentTexts } from './componentTexts';

/** What GET generate_agreement says of a signed copy: whether one may be uploaded now, the uploader's category, the fields to send. */
export interface SignedCopyOffer {
  wanted: boolean;
  category: DocumentCategory;
  fields: Record<string, string>;
}

interface AgreementSignedCopyProps {
  merchantUuid: string;
  /** The agreement file in force: the generated agreement, or a signed copy uploaded in its place. */
  agreement: { status: string; remarks?: string | null };
  offer: SignedCopyOffer | undefined;
  /** An individual signs; other entities sign and stamp (status rule agreementSignedByHolder). */
  individual: boolean;
  /** The member may act in the step (the permission to change documents held, the step open). */
  mayAct: boolean;
  /** The member holds the permission to change the profile (StepComponentProps.permitted). */
  permitted: boolean;
  /** The copy is stored: the agreement and the merchant are read again. */
  onUploaded(): void;
}

/**
 * The alternative to e-signing (onboarding spec sections 2 and 7): the merchant signs (and stamps) the downloaded
 * agreement and uploads it through the documents uploader, one file or several pages; operations review it. The
 * step's row says where a copy stands (rules/steps.json: being reviewed, declined); this shows the reviewer's reason
 * for a decline and, while the rules take a copy, the upload, whose button reads ACCEPT (REUPLOAD after a decline) as
 * the spec has it for an agreement. A member without the permission to change documents sees the upload, which opens
 * the no-access modal (onboarding spec section 6: canUpdate governs upload).
 */
export function AgreementSignedCopy({ merchantUuid, agreement, offer, individual, mayAct, permitted, onUploaded }: AgreementSignedCopyProps) {
  loadDocumentTexts();
  loadComponentTexts();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [noAccess, setNoAccess] = useState(false);
  const declined = agreement.status === 'Declined';
  const heading = t(individual ? 'agreement.ready.step.upload' : 'agreement.ready.step.uploadStamped');
  const action = declined ? t('documents.reupload') : (offer?.category.uploadLabel ?? t('documents.upload'));
  return (
    <>
      {declined && (
        <Alert severity="warning" role="status">
          {t('documents.declinedBecause', { remarks: agreement.remarks ?? '' })}
        </Alert>
      )}
      {offer?.wanted && (mayAct || !permitted) && (
        <Box component="section" aria-labelledby={headingId} sx={{ width: '100%', mt: 1, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {heading}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('documents.sizeLimit', { size: offer.category.maxFileSizeLimit })}
          </Typography>
          <Button variant={declined ? 'contained' : 'outlined'} onClick={() => (permitted ? setOpen(true) : setNoAccess(true))} sx={{ mt: 1, minHeight: 44 }} aria-label={`${action}: ${heading}`}>
            {action}
          </Button>
        </Box>
      )}
      {open && offer && (
        <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
          <UploadDialog
            merchantUuid={merchantUuid}
            category={offer.category}
            sendTo={{ fields: offer.fields }}
            onClose={() => setOpen(false)}
            onDone={() => {
              setOpen(false);
              onUploaded();
            }}
          />
        </Suspense>
      )}
      {noAccess && <NoAccessDialog onClose={() => setNoAccess(false)} />}
    </>
  );
}
