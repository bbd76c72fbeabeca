import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { t } from '../../shared/ui/t';
import { ProgressBar } from '../../shared/ui/ProgressBar';

/** "N of M steps done" over a determinate progress bar, at the top of the stepper. */
export function JourneyProgress({ done, total }: { done: number; total: number }) {
  const text = t('onboarding.progress', { done, total });
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" sx={{ mb: 0.5, fontWeight: 600 }}>
        {text}
      </Typography>
      <ProgressBar value={total ? (done / total) * 100 : 0} label={t('onboarding.progress.label')} valueText={text} height={8} />
    </Box>
  );
}
