import { Burger, Button, Container, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { IntroDownloadButton } from '../../components/intro-download-button';
import { LanguageSwitcher } from '../../components/language-switcher';
import { features } from '../../lib/features';
import { isSignedIn } from '../../lib/session';
import { useScrollToHash } from '../use-scroll-to-hash';
import classes from './public-layout.module.css';

const PUBLIC_NAV = [
  { to: '/landing', key: 'nav.landing' },
  { to: '/teacher', key: 'nav.teacher' },
  { to: '/pricing', key: 'nav.pricing' },
  { to: '/home', key: 'nav.home' },
] as const;

function PublicNavLinks({ className }: { className: string | undefined }) {
  const { t } = useTranslation();
  return PUBLIC_NAV.map((item) => (
    <NavLink key={item.to} to={item.to} className={className}>
      {t(item.key)}
    </NavLink>
  ));
}

/** A thin bar while the next page's code loads, so a slow school network never feels frozen. */
function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === 'idle' ? null : <div className={classes.progress} aria-hidden />;
}

/**
 * The way in from every public page: 로그인 while signed out (a signed-in screen, which starts
 * sign-in and lands on the user's home), the home itself once signed in.
 */
function HeaderAccountLink() {
  const { t } = useTranslation();
  if (!features.auth) return null;
  const signedIn = isSignedIn();
  return (
    <Button component={Link} to="/dashboard" size="sm" variant={signedIn ? 'light' : 'filled'}>
      {signedIn ? t('nav.myHome') : t('nav.signIn')}
    </Button>
  );
}

function PublicHeader() {
  const { t } = useTranslation();
  const [menuOpened, setMenuOpened] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the page changes.
  useEffect(() => setMenuOpened(false), [pathname]);

  return (
    <header className={classes.header}>
      <NavigationProgress />
      <Container size="lg" className={classes.headerInner}>
        <Link to="/landing" className={classes.brand}>
          <BrandMark />
          <span className={classes.brandName}>{t('app.name')}</span>
          <VisuallyHidden>{t('app.tagline')}</VisuallyHidden>
        </Link>
        <nav aria-label={t('nav.primary')} className={classes.desktopNav}>
          <PublicNavLinks className={classes.navLink} />
        </nav>
        <Group gap="xs" wrap="nowrap" className={classes.headerActions}>
          <LanguageSwitcher />
          <HeaderAccountLink />
          <Burger
            hiddenFrom="md"
            size="sm"
            opened={menuOpened}
            onClick={() => setMenuOpened((opened) => !opened)}
            aria-expanded={menuOpened}
            aria-controls={menuId}
            aria-label={menuOpened ? t('nav.closeMenu') : t('nav.openMenu')}
          />
        </Group>
      </Container>
      {menuOpened && (
        <nav id={menuId} aria-label={t('nav.menuTitle')} className={classes.mobileNav}>
          <Container size="lg">
            <Stack gap={4}>
              <PublicNavLinks className={classes.mobileNavLink} />
            </Stack>
          </Container>
        </nav>
      )}
    </header>
  );
}

function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <div className={classes.footerGrid}>
          <Stack gap="sm" maw={420}>
            <Group gap="xs">
              <BrandMark size={28} />
              <Text fw={700}>{t('app.name')}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t('footer.about')}
            </Text>
          </Stack>
          <nav aria-label={t('footer.explore')}>
            <Text fw={600} size="sm" mb="xs">
              {t('footer.explore')}
            </Text>
            <Stack gap={6}>
              <PublicNavLinks className={classes.footerLink} />
              <NavLink to="/about" className={classes.footerLink}>
                {t('nav.about')}
              </NavLink>
              <NavLink to="/contact" className={classes.footerLink}>
                {t('nav.contact')}
              </NavLink>
              <NavLink to="/events/fair2025" className={classes.footerLink}>
                {t('nav.fair2025')}
              </NavLink>
              <NavLink to="/events/arena2025" className={classes.footerLink}>
                {t('nav.arena2025')}
              </NavLink>
            </Stack>
          </nav>
          <Stack gap="xs" align="flex-start">
            <IntroDownloadButton variant="light" size="sm" />
            <Text size="xs" c="dimmed">
              {t('download.introHint')}
            </Text>
          </Stack>
        </div>
        <Text size="xs" c="dimmed" mt="xl">
          {t('footer.copyright')}
        </Text>
      </Container>
    </footer>
  );
}

/** Header, footer and scrolling behaviour shared by /landing, /teacher, /pricing, /home and the 404. */
export function PublicLayout() {
  const { t } = useTranslation();
  useScrollToHash();
  return (
    <div className={classes.page}>
      <a href="#main" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <PublicHeader />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
