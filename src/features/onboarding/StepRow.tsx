import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockIcon from '@mui/icons-material/Lock';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { StepFlags } from '../../../rules/evaluate';
import { t } from '../../shared/ui/t';

type ChipColor = 'success' | 'warning' | 'default' | 'error' | 'info';

/**
 * What a step row shows of its flags: one status, its icon and chip colour. A step this release
 * has no screen for is "Coming soon" until it is completed: never a task the merchant cannot do.
 */
export function stepStatus(flags: StepFlags, available: boolean): { label: string; icon: ReactNode; color: ChipColor } {
  if (flags.completed) return { label: t('onboarding.status.completed'), icon: <CheckCircleIcon color="success" />, color: 'success' };
  if (!available) return { label: t('onboarding.status.comingSoon'), icon: <ScheduleIcon color="disabled" />, color: 'default' };
  if (flags.locked) return { label: t('onboarding.status.locked'), icon: <LockIcon color="disabled" />, color: 'default' };
  if (flags.error) return { label: t('onboarding.status.error'), icon: <ErrorIcon color="error" />, color: 'error' };
  if (flags.todo) return { label: t('onboarding.status.todo'), icon: <RadioButtonUncheckedIcon color="warning" />, color: 'warning' };
  return { label: t('onboarding.status.pending'), icon: <RadioButtonUncheckedIcon color="info" />, color: 'info' };
}

/** The one line under a step's title, from the rules: why it is locked, else the reason of its state. */
export function stepLine(flags: StepFlags): string | null {
  const key = flags.locked ? flags.lockedReason : flags.reason;
  return key ? t(key) : null;
}

interface StepRowProps {
  id: string;
  title: string;
  flags: StepFlags;
  expanded: boolean;
  onToggle(): void;
  /** Called when the row has finished opening or closing (the page may then bring a row into view). */
  onSettled?(): void;
  /** The step's screen; steps without one are "Coming soon" and show their status only. */
  children?: ReactNode;
}


/** One step of the journey: status icon, title, status chip, the rules' reason line, and the step's screen when open. */
export function StepRow({ id, title, flags, expanded, onToggle, onSettled, children }: StepRowProps) {
  const available = Boolean(children);
  const status = stepStatus(flags, available);
  const line = stepLine(flags);
  const canOpen = available && !flags.locked;
  return (
    <Accordion
      expanded={canOpen && expanded}
      onChange={canOpen ? onToggle : undefined}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true, onEntered: onSettled, onExited: onSettled } }}
      data-step={id}
      data-status={status.label}
      sx={{ '&:before': { display: 'none' }, borderBottom: 1, borderColor: 'divider' }}
      elevation={0}
    >
      <AccordionSummary
        expandIcon={canOpen ? <ExpandMoreIcon /> : null}
        aria-controls={`${id}-content`}
        id={`${id}-header`}
        sx={{ cursor: canOpen ? 'pointer' : 'default' }}
      >
        {/* The Accordion wraps this header in its own h3: everything inside is phrasing content. */}
        <Stack component="span" direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', width: '100%', minWidth: 0 }}>
          <Box component="span" sx={{ display: 'flex', pt: 0.25 }}>
            {status.icon}
          </Box>
          <Stack component="span" sx={{ flex: 1, minWidth: 0 }}>
            <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600, minWidth: 0 }}>
                {title}
              </Typography>
              <Chip component="span" size="small" label={status.label} color={status.color} variant={status.color === 'default' ? 'outlined' : 'filled'} sx={{ flexShrink: 0 }} />
            </Stack>
            {line && (
              <Typography component="span" variant="body2" color="text.secondary">
                {line}
              </Typography>
            )}
          </Stack>
        </Stack>
      </AccordionSummary>
      {canOpen && <AccordionDetails id={`${id}-content`}>{children}</AccordionDetails>}
    </Accordion>
  );
}
