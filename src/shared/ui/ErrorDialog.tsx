import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { t } from './t';

/**
 * The one generic error modal (platform spec sections 2 and 8): a "!" and the message (a line each when the server
 * gave several), and "Ok, got it!", which closes it. An alert dialog: a screen reader reads the message at once, and
 * focus is on the button.
 */
export function ErrorDialog({ message, onClose }: { message: string | readonly string[]; onClose(): void }) {
  const id = useId();
  const lines = typeof message === 'string' ? [message] : message;
  return (
    <Dialog open onClose={onClose} role="alertdialog" aria-labelledby={`${id}-message`} slotProps={{ paper: { sx: { width: 450, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <DialogContent sx={{ display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center', pt: 3 }}>
        <Box
          aria-hidden
          sx={{ width: 48, height: 48, borderRadius: '50%', bgcolor: 'error.main', color: 'error.contrastText', display: 'grid', placeItems: 'center', fontSize: 28, fontWeight: 700, lineHeight: 1 }}
        >
          !
        </Box>
        <Box id={`${id}-message`}>
          {lines.map((line) => (
            <Typography key={line} sx={{ overflowWrap: 'anywhere' }}>
              {line}
            </Typography>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, justifyContent: 'center' }}>
        <Button variant="contained" onClick={onClose} autoFocus sx={{ minHeight: 44 }}>
          {t('common.okGotIt')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
