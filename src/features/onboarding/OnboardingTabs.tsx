import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import { t } from '../../shared/ui/t';

export interface TabVisibility {
  website: boolean;
  documents: boolean;
}

const TABS = [
  { path: '/onboarding', label: 'onboarding.tabs.profile', show: () => true },
  { path: '/onboarding/website', label: 'onboarding.tabs.website', show: (v: TabVisibility) => v.website },
  { path: '/onboarding/documents', label: 'onboarding.tabs.documents', show: (v: TabVisibility) => v.documents },
] as const;

/**
 * The header tabs of the onboarding pages: Profile, and Website / Documents as the rules allow. They go to other
 * pages, so they are links in a navigation landmark (the current one `aria-current="page"`), drawn as tabs; ARIA's
 * tab role is for panels switched in place.
 */
export function OnboardingTabs({ visibility }: { visibility: TabVisibility }) {
  const { pathname } = useLocation();
  const shown = TABS.filter((tab) => tab.show(visibility));
  const current = shown.find((tab) => tab.path === pathname)?.path ?? '/onboarding';
  return (
    <Box component="nav" aria-label={t('onboarding.title')} sx={{ display: 'flex', overflowX: 'auto' }}>
      {shown.map((tab) => {
        const selected = tab.path === current;
        return (
          <Box
            key={tab.path}
            component={RouterLink}
            to={tab.path}
            aria-current={selected ? 'page' : undefined}
            sx={{
              minHeight: 48,
              minWidth: 90,
              px: 2,
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              flexShrink: 0,
              typography: 'button',
              textDecoration: 'none',
              color: selected ? 'primary.main' : 'text.secondary',
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              '&:hover': { color: 'primary.main' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            {t(tab.label)}
          </Box>
        );
      })}
    </Box>
  );
}
