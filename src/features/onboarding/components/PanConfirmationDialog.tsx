import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { t } from '../../../shared/ui/t';
import type { StepDialogProps } from '../stepComponents';
import { loadComponentTexts } from './componentTexts';
import { loadStepFormTexts } from '../../../../schemas/stepFormTexts';

/** The pan-confirmation dialog: the PAN was verified, with the name it is registered to. */
export function PanConfirmationDialog({ merchant, onClose }: StepDialogProps) {
  loadComponentTexts();
  loadStepFormTexts();
  const pan = String(merchant.pancard_number ?? '');
  const panName = String(merchant.pancard_name ?? '');
  return (
    <Dialog open onClose={() => onClose()} aria-labelledby="pan-confirmation-title" fullWidth maxWidth="xs">
      <DialogTitle id="pan-confirmation-title">{t('pan.confirmation.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {t('pan.number.label')}
        </Typography>
        <Typography gutterBottom>{pan}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('pan.confirmation.name')}
        </Typography>
        <Typography variant="h6" component="p" data-testid="pan-name">
          {panName}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => onClose()} autoFocus>
          {t('pan.confirmation.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
