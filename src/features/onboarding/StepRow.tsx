import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
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

type StatusColor = 'success' | 'warning' | 'default' | 'error' | 'info';

/**
 * What a step row shows of its flags: one status, its icon and label colour. A step this release
 * has no screen for is "Coming soon" until it is completed: never a task the merchant cannot do.
 */
export function stepStatus(flags: StepFlags, available: boolean): { label: string; icon: ReactNode; color: StatusColor } {
  if (flags.completed) return { label: t('onboarding.status.completed'), icon: <CheckCircleIcon color="success" />, color: 'success' };
  if (!available) return { label: t('onboarding.status.comingSoon'), icon: <ScheduleIcon color="disabled" />, color: 'default' };
  if (flags.locked) return { label: t('onboarding.status.locked'), icon: <LockIcon color="disabled" />, color: 'default' };
  // Waiting before the error: a deposit on its way is the spec's error, but nothing for the merchant to fix.
  if (flags.waitingFor) return { label: t('onboarding.status.waiting'), icon: <ScheduleIcon color="info" />, color: 'info' };
  if (flags.error) return { label: t('onboarding.status.error'), icon: <ErrorIcon color="error" />, color: 'error' };
  if (flags.todo) return { label: t('onboarding.status.todo'), icon: <RadioButtonUncheckedIcon color="warning" />, color: 'warning' };
  return { label: t('onboarding.status.pending'), icon: <RadioButtonUncheckedIcon color="info" />, color: 'info' };
}

/**
 * The one line under a step's title, from the rules: why it is locked, else what it waits for, else the reason of its
 * state, else why it appeared (a step the journey added on the way).
 */
export function stepLine(flags: StepFlags): string | null {
  const key = flags.locked ? flags.lockedReason : (flags.waitingFor ?? flags.reason ?? (flags.completed ? null : flags.appearedBecause));
  return key ? t(key) : null;
}

/**
 * The status as a small pill, drawn like MUI's small Chip (filled in the status colour; outlined when it has none)
 * without the Chip's interactive machinery, which the stepper's first load would otherwise carry for a label.
 */
function StatusLabel({ label, color }: { label: string; color: StatusColor }) {
  const outlined = color === 'default';
  return (
    <Box
      component="span"
      sx={{
        flexShrink: 0,
        display: 'inline-flex',
        alignItems: 'center',
        height: 24,
        px: 1,
        borderRadius: 12,
        typography: 'body2',
        fontSize: '0.8125rem',
        whiteSpace: 'nowrap',
        border: 1,
        borderColor: outlined ? 'grey.400' : `${color}.main`,
        bgcolor: outlined ? 'transparent' : `${color}.main`,
        color: outlined ? 'text.primary' : `${color}.contrastText`,
      }}
    >
      {label}
    </Box>
  );
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


/**
 * One step of the journey: status icon, title, status label, the rules' reason line, and the step's screen when open.
 * A disclosure as MUI's Accordion draws one (a heading holding the toggle button, the screen in a region it controls),
 * without its height animation: the screen shows at once, and the row is settled as soon as it has rendered.
 */
export function StepRow({ id, title, flags, expanded, onToggle, onSettled, children }: StepRowProps) {
  const available = Boolean(children);
  const status = stepStatus(flags, available);
  const line = stepLine(flags);
  const canOpen = available && !flags.locked;
  const open = canOpen && expanded;
  const shown = useRef(open);
  useEffect(() => {
    if (shown.current === open) return;
    shown.current = open;
    onSettled?.();
  }, [open, onSettled]);
  return (
    <Box data-step={id} data-status={status.label} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="h3" variant="body1" sx={{ m: 0 }}>
        <ButtonBase
          id={`${id}-header`}
          aria-expanded={open}
          aria-controls={`${id}-content`}
          aria-disabled={canOpen ? undefined : true}
          onClick={canOpen ? onToggle : undefined}
          focusRipple={canOpen}
          disableRipple={!canOpen}
          sx={{ display: 'flex', width: '100%', minHeight: 48, px: 2, py: 1.5, gap: 1, textAlign: 'start', font: 'inherit', cursor: canOpen ? 'pointer' : 'default' }}
        >
          <Stack component="span" direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', flex: 1, minWidth: 0 }}>
            <Box component="span" sx={{ display: 'flex', pt: 0.25 }}>
              {status.icon}
            </Box>
            <Stack component="span" sx={{ flex: 1, minWidth: 0 }}>
              <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600, minWidth: 0 }}>
                  {title}
                </Typography>
                <StatusLabel label={status.label} color={status.color} />
              </Stack>
              {line && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {line}
                </Typography>
              )}
            </Stack>
          </Stack>
          {canOpen && <ExpandMoreIcon sx={{ color: 'action.active', transform: open ? 'rotate(180deg)' : 'none', transition: (theme) => theme.transitions.create('transform') }} />}
        </ButtonBase>
      </Typography>
      {open && (
        <Box id={`${id}-content`} role="region" aria-labelledby={`${id}-header`} sx={{ px: 2, pt: 1, pb: 2 }}>
          {children}
        </Box>
      )}
    </Box>
  );
}
