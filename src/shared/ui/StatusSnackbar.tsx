import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';

/** How long a confirmation shows, ms (MUI's Snackbar suggests 4–10 s; the timer waits while a pointer rests on it). */
const SHOWN_MS = 6000;

/**
 * A short confirmation of what just happened (a step saved, a version published), announced politely to screen
 * readers (role status). At the top: at the bottom of a phone it covered the next step's Submit button. Drawn like
 * MUI's Snackbar, without its transitions and click-away machinery (which the stepper's first load would carry):
 * it shows for {@link SHOWN_MS}, longer while a pointer rests on it, and Escape dismisses it.
 */
export function StatusSnackbar({ message, open, onClose }: { message: string; open: boolean; onClose(): void }) {
  const [paused, setPaused] = useState(false);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!open || paused) return;
    const timer = setTimeout(() => close.current(), SHOWN_MS);
    // As MUI's Snackbar: Escape dismisses it, and still reaches whatever else listens (a menu closes too).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, paused]);
  if (!open) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        top: { xs: 8, sm: 24 },
        left: { xs: 8, sm: '50%' },
        right: { xs: 8, sm: 'auto' },
        transform: { sm: 'translateX(-50%)' },
        minWidth: { sm: 288 },
        px: 2,
        py: 1.5,
        borderRadius: 1,
        boxShadow: 6,
        typography: 'body2',
        bgcolor: 'grey.800',
        color: 'common.white',
      }}
    >
      {message}
    </Box>
  );
}
