import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { t } from '../../shared/ui/t';
import { ProgressBar } from '../../../ui/ProgressBar';

/**
 * "N of M steps done" over a determinate progress bar, at the top of the stepper, and under it the one line that says
 * what is due from the merchant now: the step (a link that opens it), or that nothing is until someone else acts.
 */
export function JourneyProgress({ done, total, due, onOpenDue }: { done: number; total: number; due?: { id: string; title: string } | null; onOpenDue?(id: string): void }) {
  const text = t('onboarding.progress', { done, total });
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" sx={{ mb: 0.5, fontWeight: 600 }}>
        {text}
      </Typography>
      <ProgressBar value={total ? (done / total) * 100 : 0} label={t('onboarding.progress.label')} valueText={text} height={8} />
      {due !== undefined && done < total && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="due-now">
          {due ? (
            // A link-looking button (ButtonBase, already on the page: MUI's Link would add to the first load).
            <ButtonBase
              onClick={() => onOpenDue?.(due.id)}
              sx={{ gap: 0.5, minHeight: 44, font: 'inherit', color: 'primary.main', textDecoration: 'underline', textUnderlineOffset: '2px', justifyContent: 'flex-start', textAlign: 'start' }}
            >
              {t('onboarding.dueNow')} <strong>{due.title}</strong>
            </ButtonBase>
          ) : (
            t('onboarding.dueNow.nothing')
          )}
        </Typography>
      )}
    </Box>
  );
}
