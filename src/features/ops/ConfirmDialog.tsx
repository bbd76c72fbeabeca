import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { t } from '../../shared/ui/t';

/** A yes/no question before an action that applies at once (publish, roll back). */
export function ConfirmDialog({ open, text, busy, onYes, onNo }: { open: boolean; text: string; busy?: boolean; onYes(): void; onNo(): void }) {
  return (
    <Dialog open={open} onClose={onNo} aria-labelledby="ops-confirm-text">
      <DialogContent>
        <DialogContentText id="ops-confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo} sx={{ minHeight: 44 }}>
          {t('ops.confirm.no')}
        </Button>
        <Button variant="contained" onClick={onYes} disabled={busy} sx={{ minHeight: 44 }}>
          {t('ops.confirm.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
