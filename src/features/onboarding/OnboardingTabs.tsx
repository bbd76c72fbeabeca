import { useEffect, useState } from 'react';
import { useLocation } from '../../shared/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { headerTabsOf } from '../../shared/products';
import { NavTabs } from '../../app/AppHeader';
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

/** The flag that ends the Documents tab's one-time tip (set by its button, or by opening the tab). */
export const DOCUMENTS_TIP_SEEN = 'documentsTabTipSeen';
const DOCUMENTS_PATH = '/onboarding/documents';
const TIP_ID = 'documents-tab-tip';

/**
 * The header tabs of the onboarding pages: Profile, Website / Documents as the rules allow, and the extra tabs of the
 * merchant's product (schemas/master/product-variants.json: TDR Billing History, an outside link, for the now product).
 * Once the documents are the merchant's to upload (`documentsDue`), a one-time tip under the bar says the tab is ready (onboarding spec section 2: "Ready to
 * upload", "Okay, Got it!"), until its button is pressed or the tab opened; the tab names the tip as its description.
 */
export function OnboardingTabs({ visibility, product, documentsDue = false }: { visibility: TabVisibility; product?: unknown; documentsDue?: boolean }) {
  const { pathname } = useLocation();
  const [tipSeen, setTipSeen] = useState(() => localStorage.getItem(DOCUMENTS_TIP_SEEN) === 'true');
  const onDocuments = pathname === DOCUMENTS_PATH;
  // Opening the tab ends the tip as its button does (state adjusted while rendering; the flag stored after).
  if (onDocuments && !tipSeen) setTipSeen(true);
  useEffect(() => {
    if (tipSeen) localStorage.setItem(DOCUMENTS_TIP_SEEN, 'true');
  }, [tipSeen]);
  // "Ready to upload" only once there is something to upload now (the documents step due), never from the first screen.
  const tip = visibility.documents && documentsDue && !tipSeen && !onDocuments;

  const shown = TABS.filter((tab) => tab.show(visibility));
  const current = shown.find((tab) => tab.path === pathname)?.path ?? '/onboarding';
  const tabs = [
    ...shown.map((tab) => ({ key: tab.path, label: t(tab.label), to: tab.path, describedBy: tip && tab.path === DOCUMENTS_PATH ? TIP_ID : undefined })),
    ...headerTabsOf(product).map((tab) => ({ key: tab.href, label: t(tab.label), href: tab.href })),
  ];
  return (
    <>
      <NavTabs label={t('onboarding.title')} tabs={tabs} current={current} />
      {tip && (
        <Box role="status" sx={{ m: 1, px: 2, py: 1, borderRadius: 1, bgcolor: 'grey.900', color: 'common.white', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <span id={TIP_ID}>{t('onboarding.tabs.documentsTip')}</span>
          <Button onClick={() => setTipSeen(true)} size="small" sx={{ color: 'inherit', minHeight: 44 }}>
            {t('onboarding.tabs.documentsTipOk')}
          </Button>
        </Box>
      )}
    </>
  );
}
