import { Link as RouterLink } from '../../shared/router';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { addTexts } from '../../../schemas/messages';
import en from '../../../schemas/messages/nav.en.json';
import { navItems, type NavItem } from '../../shared/navEntries';
import { hostVariant } from '../../shared/products';
import { NAV_ENTRIES, variantData } from '../../shared/productVariantData';
import { t } from '../../shared/ui/t';
import { logout } from './logout';
import { useNavFacts } from './useNavFacts';

const texts = { en };

/** The header's menus: the account menu and the integration menu (platform spec section 2, Navigation chrome). */
export type MenuName = 'accountMenu' | 'integrationMenu';

/**
 * One header menu, open under its button: the host variant's entries (schemas/master/product-variants.json) that the
 * user's permissions, merchants and merchant allow. Loaded on the first click, with its texts. Each item that goes
 * somewhere is a link; MUI's menu moves with the arrow keys and gives focus back to the button on Escape.
 */
export default function NavMenu({ menu, id, anchorEl, onClose }: { menu: MenuName; id: string; anchorEl: HTMLElement; onClose: () => void }) {
  addTexts(texts);
  const facts = useNavFacts();
  const variant = variantData(hostVariant());
  const items = facts ? navItems(variant, variant[menu], NAV_ENTRIES, facts) : [];
  // Opens once what its rules read has answered (the screen has mostly read it already): opened before, its first
  // item would come too late to take the focus. Drawn inside the top bar (its banner landmark), not at the end of the
  // page outside every landmark.
  return (
    <Menu id={id} anchorEl={anchorEl} container={anchorEl.closest('header')} open={facts !== undefined} onClose={onClose} slotProps={{ list: { 'aria-label': t(menu === 'accountMenu' ? 'nav.accountMenu' : 'nav.integrationMenu') } }}>
      {items.map((item) => menuItem(item, onClose))}
    </Menu>
  );
}

/** A menu item: a link where it goes somewhere. An element of MenuItem itself (not a component around it), whose
 * props the menu sets (the focus of the first item, the roving tabIndex). */
function menuItem(item: NavItem, onClose: () => void) {
  const label = t(item.label);
  const sx = { minHeight: 48 };
  if (item.disabled) return <MenuItem key={item.name} sx={sx} disabled>{label}</MenuItem>;
  if (item.action === 'logout') return <MenuItem key={item.name} sx={sx} onClick={() => void logout()}>{label}</MenuItem>;
  if (item.to) return <MenuItem key={item.name} sx={sx} component={RouterLink} to={item.to} onClick={onClose}>{label}</MenuItem>;
  return <MenuItem key={item.name} sx={sx} component="a" href={item.href}>{label}</MenuItem>;
}
