import { Burger, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconLayoutList, IconLogout, IconSettings } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { NavbarSlotProvider, useNavbarSlotState } from '../../components/navbar-slot';
import { NAV_GROUPS, type NavItem } from '../nav-items';
import type { ShellProfile } from '../shell-profile';
import classes from './app-shell-frame.module.css';

// The settings panel (a drawer, with Mantine's modal, focus trap and scroll area, which bring
// floating-ui) is not needed to draw the screen: it loads once the browser is idle after the first
// paint, or as soon as a pointer or the keyboard reaches its button, and is in place, closed, long
// before anyone opens it. Loaded with the shell, it would compete with the screen's own data.
const SettingsDrawer = lazy(() =>
  import('./settings-drawer').then((module) => ({ default: module.SettingsDrawer })),
);

/** Runs `task` when the browser is idle (or after a short delay where it cannot say). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1500);
  return () => window.clearTimeout(handle);
}

/**
 * The class react-remove-scroll (under Mantine's dialogs and drawers) pads by the scroll bar's width
 * while it locks the page, so the fixed header does not shift when a dialog opens.
 */
const KEEP_CLEAR_OF_SCROLL_BAR = 'right-scroll-bar-position';
/** How long the column takes to slide in or out on a phone. */
const TRANSITION_MS = 200;

/**
 * Whether the window is being resized or the frame has just appeared: the column and the main area
 * then move at once, without sliding, as Mantine's AppShell does.
 */
function useSettling(): boolean {
  const [settling, setSettling] = useState(true);
  useEffect(() => {
    let timer = window.setTimeout(() => setSettling(false), TRANSITION_MS);
    const onResize = () => {
      setSettling(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setSettling(false), TRANSITION_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return settling;
}

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

function ProfileSummary({ profile }: { profile: ShellProfile | null }) {
  if (!profile) return null;
  return (
    <div className={classes.profile}>
      <Text size="sm" c="dimmed" visibleFrom="sm">
        {profile.schoolName}
      </Text>
      <Text size="sm" fw={600}>
        {profile.name} <span className={classes.title}>{profile.title}</span>
      </Text>
    </div>
  );
}

function SidebarNav({ items, onNavigate }: { items: readonly NavItem[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap="md">
      {NAV_GROUPS.map((group) => {
        const groupItems = items.filter((item) => item.group === group);
        if (groupItems.length === 0) return null;
        return (
          <div key={group}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {t(`shell.groups.${group}`)}
            </Text>
            {groupItems.map((item) => (
              // Mantine's NavLink, drawn as it draws one without children: that component brings
              // Collapse and its animation hooks (2 kB gzip) to every signed-in screen's first load.
              <UnstyledButton
                key={item.id}
                component={RouterNavLink}
                to={item.path}
                data-active={isActive(pathname, item.path) || undefined}
                onClick={onNavigate}
                className={classes.navLink}
              >
                <span className={classes.navBody}>
                  <span className={classes.navLabel}>{t(`shell.items.${item.id}`)}</span>
                </span>
              </UnstyledButton>
            ))}
          </div>
        );
      })}
    </Stack>
  );
}

interface AppShellFrameProps {
  items: readonly NavItem[];
  profile: ShellProfile | null;
  /** Shown as a sign-out action in the sidebar and the settings panel when given. */
  onSignOut?: (() => void) | undefined;
  children?: ReactNode;
}

/** Sidebar, header and main area of every signed-in screen (core.md §2 Layout). */
export function AppShellFrame({ items, profile, onSignOut, children }: AppShellFrameProps) {
  const { t } = useTranslation();
  const [navOpened, nav] = useDisclosure(false);
  const [settingsOpened, settings] = useDisclosure(false);
  const [settingsWanted, setSettingsWanted] = useState(false);
  const wantSettings = () => setSettingsWanted(true);
  useEffect(() => whenIdle(() => setSettingsWanted(true)), []);
  const slot = useNavbarSlotState();
  // While a screen fills the column with its own navigation, the app menu is one click away.
  const [showMenu, setShowMenu] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: moving to another screen shows its own navigation again.
  useEffect(() => setShowMenu(false), [pathname]);
  const showsScreenNav = slot.isClaimed && !showMenu;
  const settling = useSettling();

  return (
    <NavbarSlotProvider value={slot.value}>
      {/* The layout of Mantine's AppShell (header 64, column 264 from the sm breakpoint, folded away
          on a phone until the burger opens it), drawn by our own CSS: that component brings its
          resizing and four sections' media styles (5 kB gzip) to every signed-in screen. */}
      <div
        className={classes.shell}
        data-nav-opened={navOpened || undefined}
        data-settling={settling || undefined}
      >
        <header className={`${classes.shellHeader} ${classes.header} ${KEEP_CLEAR_OF_SCROLL_BAR}`}>
          <a href="#main" className={classes.skipLink}>
            {t('skipToContent')}
          </a>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={navOpened}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={navOpened ? t('shell.closeNavigation') : t('shell.openNavigation')}
              />
              <Link to="/dashboard" className={classes.brand}>
                <BrandMark size={28} />
                <span>{t('app.name')}</span>
              </Link>
            </Group>
            <ProfileSummary profile={profile} />
          </Group>
        </header>
        <nav className={classes.shellNavbar} aria-label={t('shell.navigation')}>
          {slot.isClaimed ? (
            <div className={classes.navSwitch}>
              <UnstyledButton
                className={classes.settingsButton}
                onClick={() => setShowMenu((shown) => !shown)}
                aria-expanded={showMenu}
              >
                {showMenu ? (
                  <IconArrowLeft size={18} aria-hidden />
                ) : (
                  <IconLayoutList size={18} aria-hidden />
                )}
                <span>{showMenu ? t('shell.backToScreenNav') : t('shell.allMenu')}</span>
              </UnstyledButton>
            </div>
          ) : null}
          <div ref={slot.setTarget} className={classes.screenNav} hidden={!showsScreenNav} />
          {/* A native scroll container, not Mantine's ScrollArea: that one brings floating-ui into
              every signed-in screen's first download (bench/bundle.mjs). */}
          {showsScreenNav ? null : (
            <div className={classes.navScroll}>
              <SidebarNav items={items} onNavigate={nav.close} />
            </div>
          )}
          <div className={classes.navFooter}>
            <UnstyledButton
              onClick={settings.open}
              onPointerEnter={wantSettings}
              onFocus={wantSettings}
              className={classes.settingsButton}
              aria-haspopup="dialog"
            >
              <IconSettings size={20} aria-hidden />
              <span>{t('shell.settings')}</span>
            </UnstyledButton>
            {onSignOut && (
              <UnstyledButton onClick={onSignOut} className={classes.settingsButton}>
                <IconLogout size={20} aria-hidden />
                <span>{t('auth.signOut')}</span>
              </UnstyledButton>
            )}
          </div>
        </nav>
        <main id="main" tabIndex={-1} className={`${classes.shellMain} ${classes.main}`}>
          {children}
        </main>
        {settingsWanted || settingsOpened ? (
          <Suspense fallback={null}>
            <SettingsDrawer opened={settingsOpened} onClose={settings.close} onSignOut={onSignOut} />
          </Suspense>
        ) : null}
      </div>
    </NavbarSlotProvider>
  );
}
