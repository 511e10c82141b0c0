import { Anchor, Box, Button, Container, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLogout, IconMail, IconMenu2, IconPhone, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useRef } from 'react';
import { Link, Outlet } from 'react-router';

import { useAfterFirstScreen } from '@/lib/after-first-screen';
import { menuFor, mobileMenuFor } from '@/lib/navigation';
import { useSession, useUser } from '@/session/session-context';
import { paths } from '@/lib/paths';
import { usePhone } from '@/ui/phone';

import { useHeaderHeightVariable } from './header-height';
import { Logo } from './logo';
import { MobileNav } from './main-nav';
import { OfflineBanner } from './offline-banner';
import { telHref, useSupportContacts } from './support-contacts';

// The new-order alerts (the stream, the banner, the chime, and zod to read the events) load once the first
// screen is shown: they never draw anything on it.
const NewOrderAlerts = lazy(async () => ({
  default: (await import('@/features/alerts/components/new-order-alerts')).NewOrderAlerts,
}));

// Search from anywhere (issue 40): the header's button and Ctrl/⌘+K, with the box's code, once the first screen
// is shown (until then a space the button's size keeps the header still).
const SearchLauncher = lazy(async () => ({
  default: (await import('@/features/search/components/search-launcher')).SearchLauncher,
}));

function SearchAfterFirstScreen({ compact }: { compact: boolean }) {
  const ready = useAfterFirstScreen();
  const space = <Box w={compact ? 34 : 110} h={compact ? 34 : 30} />;
  return ready ? (
    <Suspense fallback={space}>
      <SearchLauncher compact={compact} />
    </Suspense>
  ) : (
    space
  );
}

// The bar of menus for wider screens; a phone (the menu button instead) never loads it.
const DesktopNav = lazy(async () => ({ default: (await import('./desktop-nav')).DesktopNav }));
// The greeting's menu (profile, password, support), from 576 px; below, the Menu button holds the same.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

/** From Mantine's `xs` breakpoint the greeting is shown. */
const GREETING_SHOWN = '(min-width: 36em)';

/** The greeting: a link to the profile while its menu's code loads, then the menu. */
function Greeting({ name }: { name: string }) {
  const shown = useMediaQuery(GREETING_SHOWN, true, { getInitialValueInEffect: false });
  if (!shown) return null;
  const link = (
    <Anchor component={Link} to={paths.users.profile} size="sm" c="dark" truncate maw={220}>
      Hi, {name}
    </Anchor>
  );
  return (
    <Suspense fallback={link}>
      <UserMenu name={name} />
    </Suspense>
  );
}

/**
 * The alerts, once the first screen is shown: a component of its own, so that the moment they start re-renders
 * only this, not the whole frame (one long task on a phone).
 */
function AlertsAfterFirstScreen() {
  const ready = useAfterFirstScreen();
  return ready ? (
    <Suspense fallback={null}>
      <NewOrderAlerts />
    </Suspense>
  ) : null;
}

/**
 * The support contacts beside the logo on wide screens, once the app's configuration has arrived. They read it
 * themselves, so that its arrival re-renders them and not the whole frame, and only once the first screen is
 * shown: a phone shows them below the page, and the first screen's answers come first.
 */
function HeaderContacts() {
  const config = useSupportContacts();
  if (!config) return null;
  return (
    <>
      <Anchor href={telHref(config.supportPhone)} size="sm" c="dark">
        <Group gap={4} wrap="nowrap">
          <IconPhone size={16} aria-hidden />
          <VisuallyHidden>Support phone </VisuallyHidden>
          {config.supportPhone}
        </Group>
      </Anchor>
      <Anchor href={`mailto:${config.supportEmail}`} size="sm" c="dark">
        <Group gap={4} wrap="nowrap">
          <IconMail size={16} aria-hidden />
          <VisuallyHidden>Support e-mail </VisuallyHidden>
          {config.supportEmail}
        </Group>
      </Anchor>
    </>
  );
}

/** The support contacts under the page on small screens (as `HeaderContacts`, on their own). */
function FooterContacts() {
  const config = useSupportContacts();
  if (!config) return null;
  return (
    <Box component="footer" hiddenFrom="md" pb="md">
      <Container size="xl">
        <Group gap="md" justify="center">
          <Anchor href={telHref(config.supportPhone)} size="sm">
            Support: {config.supportPhone}
          </Anchor>
          <Anchor href={`mailto:${config.supportEmail}`} size="sm">
            {config.supportEmail}
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}

/** The support contacts at the foot of the small screens' Menu (the header has no room for them there). */
function MenuContacts() {
  const config = useSupportContacts();
  if (!config) return null;
  return (
    <Stack gap={4} px="sm" pt="sm">
      <Text size="sm" fw={600}>
        Support
      </Text>
      <Anchor href={telHref(config.supportPhone)} size="sm">
        <Group gap={6} wrap="nowrap">
          <IconPhone size={16} aria-hidden />
          <VisuallyHidden>Support phone </VisuallyHidden>
          {config.supportPhone}
        </Group>
      </Anchor>
      <Anchor href={`mailto:${config.supportEmail}`} size="sm">
        <Group gap={6} wrap="nowrap">
          <IconMail size={16} aria-hidden />
          <VisuallyHidden>Support e-mail </VisuallyHidden>
          {config.supportEmail}
        </Group>
      </Anchor>
    </Stack>
  );
}

/** The signed-in frame: header with logo, support contacts, greeting and Logout; the menu; the page. */
export function AppLayout() {
  const user = useUser();
  const { signOut } = useSession();
  const [menuOpen, menu] = useDisclosure(false);
  const entries = menuFor(user);
  const mobileEntries = mobileMenuFor(user);
  const phone = usePhone();
  const header = useRef<HTMLElement>(null);
  useHeaderHeightVariable(header);

  return (
    <Box mih="100vh" bg="gray.0">
      <Box
        ref={header}
        component="header"
        bg="white"
        style={{
          borderBottom: '1px solid var(--mantine-color-gray-3)',
          position: 'sticky',
          top: 0,
          zIndex: 100,
        }}
      >
        <Container size="xl" py={8}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Anchor
              component={Link}
              to={paths.dashboard}
              underline="never"
              aria-label="Bloomline, go to the dashboard"
            >
              <Logo compact />
            </Anchor>
            <Group gap="lg" visibleFrom="md" wrap="nowrap">
              <HeaderContacts />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <SearchAfterFirstScreen compact={phone} />
              {/* The greeting opens the user's own account and, below 992 px, the support contacts. */}
              <Greeting name={user.name} />
              <Button
                variant="default"
                size="xs"
                leftSection={<IconLogout size={14} aria-hidden />}
                onClick={() => void signOut()}
              >
                Logout
              </Button>
              <Button
                hiddenFrom="sm"
                variant="light"
                size="xs"
                leftSection={menuOpen ? <IconX size={16} aria-hidden /> : <IconMenu2 size={16} aria-hidden />}
                onClick={menu.toggle}
                aria-expanded={menuOpen}
                aria-controls="mobile-menu"
              >
                Menu
              </Button>
            </Group>
          </Group>
          <Box hiddenFrom="sm">
            <MobileNav
              entries={mobileEntries}
              opened={menuOpen}
              onNavigate={menu.close}
              support={<MenuContacts />}
            />
          </Box>
          {!phone && (
            <Box component="nav" aria-label="Main" visibleFrom="sm" pt={6}>
              {/* As tall as the bar's buttons while its code loads, so the page does not move. */}
              <Suspense fallback={<Box h={36} />}>
                <DesktopNav entries={entries} />
              </Suspense>
            </Box>
          )}
        </Container>
        <OfflineBanner />
      </Box>
      <Container size="xl" py="md" component="main">
        <Outlet />
      </Container>
      <AlertsAfterFirstScreen />
      <FooterContacts />
    </Box>
  );
}
