import { Suspense, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from '../shared/router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import PersonIcon from '@mui/icons-material/Person';
import CodeIcon from '@mui/icons-material/Code';
import { hostVariant, variantOf } from '../shared/products';
import { LanguageSwitch } from '../shared/ui/LanguageSwitch';
import { t } from '../shared/ui/t';
import type { MenuName } from './nav/NavMenu';
import { lazyWithRetry } from '../../ui/lazyWithRetry';

const loadMenu = () => import('./nav/loadNavMenu').then((loader) => loader.loadNavMenu());
/** The menus load on the first click (or hover): the first load carries only their buttons. */
const NavMenu = lazyWithRetry(loadMenu);

const MENUS: ReadonlyArray<{ menu: MenuName; label: string; Icon: typeof CodeIcon }> = [
  { menu: 'integrationMenu', label: 'nav.integrationMenu', Icon: CodeIcon },
  { menu: 'accountMenu', label: 'nav.accountMenu', Icon: PersonIcon },
];

/**
 * The top bar: the mark and name of the product the host opens (schemas/master/product-variants.json), the merchant's
 * name under it (wrapped, never cut: long business names are common), the language switch, and the integration and
 * account menus behind icon buttons (Logout is in the account menu). The page's own heading is the page's `h1`; the
 * bar names the product, not the page.
 */
export function AppHeader({ merchantName }: { merchantName?: string }) {
  const [open, setOpen] = useState<{ menu: MenuName; anchor: HTMLElement } | null>(null);
  const toggle = (menu: MenuName) => (event: MouseEvent<HTMLElement>) => setOpen(open?.menu === menu ? null : { menu, anchor: event.currentTarget });
  return (
    <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1, py: 1, pr: { xs: 1, sm: 2 } }}>
        <Box
          aria-hidden
          sx={{ width: 36, height: 36, flexShrink: 0, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center', fontWeight: 700, fontSize: 20 }}
        >
          ₹
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="p" variant="subtitle2" color="text.secondary">
            {variantOf(hostVariant()).name}
          </Typography>
          {merchantName && (
            <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
              {merchantName}
            </Typography>
          )}
        </Box>
        <LanguageSwitch />
        {MENUS.map(({ menu, label, Icon }) => (
          <IconButton
            key={menu}
            aria-label={t(label)}
            aria-haspopup="menu"
            aria-expanded={open?.menu === menu}
            aria-controls={open?.menu === menu ? menu : undefined}
            onClick={toggle(menu)}
            onPointerEnter={() => void loadMenu()}
            sx={{ width: 44, height: 44 }}
          >
            <Icon />
          </IconButton>
        ))}
      </Toolbar>
      {open && (
        <Suspense fallback={null}>
          <NavMenu menu={open.menu} id={open.menu} anchorEl={open.anchor} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </AppBar>
  );
}

/** One tab of a NavTabs bar: an /app path (`to`) or an outside address (`href`). */
export interface NavTab {
  key: string;
  label: string;
  to?: string;
  href?: string;
  /** The id of a text that describes the tab (a tip shown beside the bar). */
  describedBy?: string;
}

/**
 * Header tabs that go to other pages (onboarding's, settings'): links in a navigation landmark named `label`, the
 * current one `aria-current="page"`, drawn as tabs; ARIA's tab role is for panels switched in place. In this file,
 * beside the top bar every screen with tabs also draws: a module of its own was a chunk of its own on the first load.
 */
export function NavTabs({ label, tabs, current }: { label: string; tabs: readonly NavTab[]; current?: string }) {
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', overflowX: 'auto' }}>
      {tabs.map((tab) => {
        const selected = tab.key === current;
        return (
          <Box
            key={tab.key}
            {...(tab.to ? { component: RouterLink, to: tab.to } : { component: 'a', href: tab.href })}
            aria-current={selected ? 'page' : undefined}
            aria-describedby={tab.describedBy}
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
            {tab.label}
          </Box>
        );
      })}
    </Box>
  );
}
