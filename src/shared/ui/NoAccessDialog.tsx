import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { t } from './t';

/** The texts of the spec's no-access modals: onboarding's generic one and its agreement one, and the platform's. */
export type NoAccessText = 'generic' | 'agreement' | 'platform';

/**
 * The one no-access modal (onboarding spec sections 4 and 6, platform spec sections 2 and 6): what the member may not
 * do, an optional line below it (the platform's "contact your merchant admin"), and "Ok, got it!", which closes it.
 */
export function NoAccessDialog({ text = 'generic', detail, onClose }: { text?: NoAccessText; detail?: string; onClose(): void }) {
  const id = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={detail ? `${id}-detail` : undefined} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-title`}>{t(`noAccess.${text}`)}</DialogTitle>
      {detail && (
        <DialogContent>
          <DialogContentText id={`${id}-detail`}>{detail}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} sx={{ minHeight: 44 }}>
          {t('noAccess.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
