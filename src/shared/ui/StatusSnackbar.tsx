import Snackbar from '@mui/material/Snackbar';

/**
 * A short confirmation of what just happened (a step saved, a version published), announced politely to screen
 * readers (role status). At the top: at the bottom of a phone it covered the next step's Submit button.
 */
export function StatusSnackbar({ message, open, onClose }: { message: string; open: boolean; onClose(): void }) {
  return (
    <Snackbar
      open={open}
      message={message}
      autoHideDuration={6000}
      onClose={(_event, why) => why !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      slotProps={{ content: { role: 'status', 'aria-live': 'polite' } }}
    />
  );
}
