import Snackbar from '@mui/material/Snackbar';

/** The short confirmation after a step is saved, announced politely to screen readers (role status). */
export function StepSavedSnackbar({ message, open, onClose }: { message: string; open: boolean; onClose(): void }) {
  return (
    <Snackbar
      open={open}
      message={message}
      autoHideDuration={6000}
      onClose={(_event, why) => why !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ content: { role: 'status', 'aria-live': 'polite' } }}
    />
  );
}
