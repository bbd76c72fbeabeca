import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockIcon from '@mui/icons-material/Lock';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { StepFlags } from '../../../rules/evaluate';
import { t } from '../../shared/ui/t';

/** What a step row shows of its flags: one status, its icon and chip colour. */
export function stepStatus(flags: StepFlags): { label: string; icon: ReactNode; color: 'success' | 'warning' | 'default' | 'error' | 'info' } {
  if (flags.completed) return { label: t('onboarding.status.completed'), icon: <CheckCircleIcon color="success" />, color: 'success' };
  if (flags.locked) return { label: t('onboarding.status.locked'), icon: <LockIcon color="disabled" />, color: 'default' };
  if (flags.error) return { label: t('onboarding.status.error'), icon: <ErrorIcon color="error" />, color: 'error' };
  if (flags.todo) return { label: t('onboarding.status.todo'), icon: <RadioButtonUncheckedIcon color="warning" />, color: 'warning' };
  return { label: t('onboarding.status.pending'), icon: <RadioButtonUncheckedIcon color="info" />, color: 'info' };
}

interface StepRowProps {
  id: string;
  title: string;
  flags: StepFlags;
  expanded: boolean;
  onToggle(): void;
  /** The step's screen; steps without one show their status only. */
  children?: ReactNode;
}

/** One step of the journey: status icon, title, status chip, the lock reason, and the step's screen when open. */
export function StepRow({ id, title, flags, expanded, onToggle, children }: StepRowProps) {
  const status = stepStatus(flags);
  const canOpen = Boolean(children) && !flags.locked;
  return (
    <Accordion
      expanded={canOpen && expanded}
      onChange={canOpen ? onToggle : undefined}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      data-step={id}
      data-status={status.label}
      sx={{ '&:before': { display: 'none' }, borderBottom: 1, borderColor: 'divider' }}
      elevation={0}
    >
      <AccordionSummary expandIcon={canOpen ? <ExpandMoreIcon /> : null} aria-controls={`${id}-content`} id={`${id}-header`} sx={{ cursor: canOpen ? 'pointer' : 'default' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', width: '100%', minWidth: 0 }}>
          {status.icon}
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {flags.locked && flags.lockedReason && (
              <Typography variant="body2" color="text.secondary">
                {t(flags.lockedReason)}
              </Typography>
            )}
            {!flags.locked && !children && !flags.completed && (
              <Typography variant="body2" color="text.secondary">
                {t('onboarding.notYetAvailable')}
              </Typography>
            )}
          </Stack>
          <Chip size="small" label={status.label} color={status.color} variant={status.color === 'default' ? 'outlined' : 'filled'} />
        </Stack>
      </AccordionSummary>
      {canOpen && <AccordionDetails id={`${id}-content`}>{children}</AccordionDetails>}
    </Accordion>
  );
}
