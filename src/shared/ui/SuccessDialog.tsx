import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { visuallyHidden } from '@mui/utils';
import { t } from './t';

/** How long a success modal stays before it closes itself, ms (platform spec sections 2 and 9). */
export const SUCCESS_DIALOG_MS = 3000;

interface SuccessDialogProps {
  title: string;
  help?: string;
  onClose(): void;
  /** Where focus goes when the modal closes if the control that opened it is gone (the form it saved has closed). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * The one success modal (platform spec sections 2 and 9): a title, an optional help line, 450 px wide, closing itself
 * after {@link SUCCESS_DIALOG_MS} (Escape closes it sooner). Opening it moves focus in, so a screen reader reads the
 * title, the help and, unseen, that it closes itself. Once it has faded out, focus goes back to the control that opened
 * it, or to `returnFocusTo` when that control went away with the form it saved (never to the page's body), and then
 * `onClose` is called.
 */
export function SuccessDialog({ title, help, onClose, returnFocusTo }: SuccessDialogProps) {
  const id = useId();
  const [open, setOpen] = useState(true);
  // Read while rendering, before this render's commit removes the form whose button was focused.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  // One timer from opening: a parent that renders again (its lists read again) does not make the modal stay longer.
  useEffect(() => {
    const timer = window.setTimeout(() => setOpen(false), SUCCESS_DIALOG_MS);
    return () => window.clearTimeout(timer);
  }, []);
  // Focus moves once the modal is gone: while it shows, its focus trap would pull focus back in.
  const closed = () => {
    (opener?.isConnected ? opener : returnFocusTo?.())?.focus();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      disableRestoreFocus
      aria-labelledby={`${id}-title`}
      aria-describedby={help ? `${id}-help ${id}-closes` : `${id}-closes`}
      slotProps={{ transition: { onExited: closed }, paper: { sx: { width: 450, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {help && (
        <DialogContent>
          <DialogContentText id={`${id}-help`}>{help}</DialogContentText>
        </DialogContent>
      )}
      <Box component="span" id={`${id}-closes`} sx={visuallyHidden}>
        {t('successDialog.closesItself', { seconds: SUCCESS_DIALOG_MS / 1000 })}
      </Box>
    </Dialog>
  );
}
