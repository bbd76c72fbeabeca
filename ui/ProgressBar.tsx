import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';

/** The indeterminate bar's sweep, as MUI's LinearProgress draws it (one bar crossing the track). */
const sweep = keyframes`
  0% { transform: translateX(-100%) scaleX(0.4); }
  100% { transform: translateX(250%) scaleX(0.4); }
`;

/**
 * A progress bar drawn as MUI's LinearProgress draws one (the primary colour over a light track; determinate when
 * `value` is given, else a sweeping bar), for the onboarding page's first load: MUI's is 1.8 KiB gzip and its
 * transitions machinery. Names itself to screen readers by `label`, and by `valueText` when given.
 */
export function ProgressBar({ value, label, valueText, height = 4 }: { value?: number; label?: string; valueText?: string; height?: number }) {
  const determinate = value !== undefined;
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? 100 : undefined}
      aria-valuenow={determinate ? Math.round(value) : undefined}
      aria-valuetext={valueText}
      sx={{ position: 'relative', overflow: 'hidden', height, borderRadius: height / 2, bgcolor: (theme) => alpha(theme.palette.primary.main, 0.3) }}
    >
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          bgcolor: 'primary.main',
          transformOrigin: 'left',
          ...(determinate
            ? { transform: `scaleX(${Math.max(0, Math.min(100, value)) / 100})`, transition: 'transform 0.4s linear' }
            : { animation: `${sweep} 1.6s linear infinite`, '@media (prefers-reduced-motion: reduce)': { animationDuration: '4s' } }),
        }}
      />
    </Box>
  );
}
