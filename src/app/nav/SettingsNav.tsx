import { useLocation } from '../../shared/router';
import Box from '@mui/material/Box';
import { addTexts } from '../../../schemas/messages';
import en from '../../../schemas/messages/nav.en.json';
import { navItems } from '../../shared/navEntries';
import { hostVariant } from '../../shared/products';
import { NAV_ENTRIES, variantData } from '../../shared/productVariantData';
import { NavTabs } from '../AppHeader';
import { t } from '../../shared/ui/t';
import { Breadcrumb } from './Breadcrumb';
import { useNavFacts } from './useNavFacts';

const texts = { en };

/** The view a team accounts path shows (platform spec section 2: Manage Roles or Manage Employees by the path), none for the Manage Staff summary. */
export function settingsView(pathname: string): string | undefined {
  if (/\/roles(\/|$)/.test(pathname)) return 'nav.manageRoles';
  if (/\/staff(\/|$)/.test(pathname)) return 'nav.manageEmployees';
  return undefined;
}

/**
 * The chrome of the settings pages: the breadcrumb (Home and the view's name; nothing on Manage Staff itself) and the
 * settings tabs of the host variant that the user's permissions and merchant allow (Gst Settings needs a PAN). Only
 * Manage Staff is a page of this app; the other tabs go to the merchant dashboard.
 */
export function SettingsNav() {
  addTexts(texts);
  const { pathname } = useLocation();
  const facts = useNavFacts();
  const variant = variantData(hostVariant());
  const view = settingsView(pathname);
  const tabs = facts ? navItems(variant, variant.settingsTabs, NAV_ENTRIES, facts) : [];
  const current = tabs.find((tab) => tab.to && pathname.startsWith(tab.to))?.name;
  return (
    <>
      {view && <Breadcrumb home={variant.dashboard} title={t(view)} />}
      {tabs.length > 0 && (
        <Box sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
          <NavTabs label={t('nav.settingsTabs')} tabs={tabs.map((tab) => ({ key: tab.name, label: t(tab.label), to: tab.to, href: tab.href }))} current={current} />
        </Box>
      )}
    </>
  );
}
