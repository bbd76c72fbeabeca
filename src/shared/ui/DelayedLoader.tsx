import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { t } from './t';

/** How long a lazy screen may take before its loader shows (platform spec sections 2 and 9). */
export const LOADER_DELAY_MS = 300;

const spin = keyframes`to { transform: rotate(360deg); }`;

/**
 * The loader of a lazy screen: nothing for the first 300 ms (a fast load never flashes it), then a spinner. Drawn
 * with a bordered circle rather than MUI's CircularProgress, whose code would join every route's first load for a
 * loader most loads never show.
 */
export function DelayedLoader() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? (
    <Box role="status" aria-label={t('common.loading')} sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <Box
        sx={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          border: 4,
          borderColor: 'primary.main',
          borderRightColor: 'transparent',
          animation: `${spin} 0.8s linear infinite`,
          '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
        }}
      />
    </Box>
  ) : null;
}
