import { Link as RouterLink, useLocation } from 'react-router-dom';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
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

/** The header tabs of the onboarding pages: Profile, and Website / Documents as the rules allow. */
export function OnboardingTabs({ visibility }: { visibility: TabVisibility }) {
  const { pathname } = useLocation();
  const shown = TABS.filter((tab) => tab.show(visibility));
  const current = shown.find((tab) => tab.path === pathname)?.path ?? '/onboarding';
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label={t('onboarding.title')}>
      {shown.map((tab) => (
        <Tab key={tab.path} value={tab.path} label={t(tab.label)} component={RouterLink} to={tab.path} />
      ))}
    </Tabs>
  );
}
