import { Anchor, Box, Button, Container, Group, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconMail, IconMenu2, IconPhone, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';

import { useAfterFirstScreen } from '@/lib/after-first-screen';
import { appConfigQuery } from '@/lib/app-config';
import { menuFor } from '@/lib/navigation';
import { useSession, useUser } from '@/session/session-context';
import { paths } from '@/lib/paths';

import { Logo } from './logo';
import { DesktopNav, MobileNav } from './main-nav';
import { OfflineBanner } from './offline-banner';

// The new-order alerts (the stream, the banner, the chime, and zod to read the events) load once the first
// screen is shown: they never draw anything on it.
const NewOrderAlerts = lazy(async () => ({
  default: (await import('@/features/alerts/components/new-order-alerts')).NewOrderAlerts,
}));

/** The signed-in frame: header with logo, support contacts, greeting and Logout; the menu; the page. */
export function AppLayout() {
  const user = useUser();
  const { signOut } = useSession();
  const [menuOpen, menu] = useDisclosure(false);
  const { data: config } = useQuery(appConfigQuery);
  const entries = menuFor(user);
  const afterFirstScreen = useAfterFirstScreen();

  return (
    <Box mih="100vh" bg="gray.0">
      <Box
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
              <Logo />
            </Anchor>
            <Group gap="lg" visibleFrom="md" wrap="nowrap">
              {config && (
                <>
                  <Anchor href={`tel:${config.supportPhone.replace(/\s+/g, '')}`} size="sm" c="dark">
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
              )}
            </Group>
            <Group gap="xs" wrap="nowrap">
              {/* The greeting leads to the user's own profile (staff have no menu entry for it). */}
              <Anchor
                component={Link}
                to={paths.users.profile}
                size="sm"
                c="dark"
                visibleFrom="xs"
                truncate
                maw={220}
              >
                Hi, {user.name}
              </Anchor>
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
            <MobileNav entries={entries} opened={menuOpen} onNavigate={menu.close} />
          </Box>
          <Box component="nav" aria-label="Main" visibleFrom="sm" pt={6}>
            <DesktopNav entries={entries} />
          </Box>
        </Container>
        <OfflineBanner />
      </Box>
      <Container size="xl" py="md" component="main">
        <Outlet />
      </Container>
      {afterFirstScreen && (
        <Suspense fallback={null}>
          <NewOrderAlerts />
        </Suspense>
      )}
      {config && (
        <Box component="footer" hiddenFrom="md" pb="md">
          <Container size="xl">
            <Group gap="md" justify="center">
              <Anchor href={`tel:${config.supportPhone.replace(/\s+/g, '')}`} size="sm">
                Support: {config.supportPhone}
              </Anchor>
              <Anchor href={`mailto:${config.supportEmail}`} size="sm">
                {config.supportEmail}
              </Anchor>
            </Group>
          </Container>
        </Box>
      )}
    </Box>
  );
}
