import { lazy, Suspense, useEffect, useState } from 'react';

// The snackbar's code (with its transition and click-away listener) loads after the screen's first paint: a screen
// shows no status when it opens, only after something the merchant did.
const loadSnackbar = () => import('@mui/material/Snackbar');
const Snackbar = lazy(loadSnackbar);

/**
 * A short confirmation of what just happened (a step saved, a version published), announced politely to screen
 * readers (role status). At the top: at the bottom of a phone it covered the next step's Submit button.
 */
export function StatusSnackbar({ message, open, onClose }: { message: string; open: boolean; onClose(): void }) {
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  useEffect(() => {
    void loadSnackbar();
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Snackbar
        open={open}
        message={message}
        autoHideDuration={6000}
        onClose={(_event, why) => why !== 'clickaway' && onClose()}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ content: { role: 'status', 'aria-live': 'polite' } }}
      />
    </Suspense>
  );
}
