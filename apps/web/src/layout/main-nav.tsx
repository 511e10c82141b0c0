import { Box, Button, Collapse, Group, Menu, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

import type { NavEntry } from '@/lib/navigation';
import { isGroup } from '@/lib/navigation';

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** Wide screens: a bar of links and dropdowns. */
export function DesktopNav({ entries }: { entries: NavEntry[] }) {
  const { pathname } = useLocation();
  return (
    <Group gap={4} wrap="wrap">
      {entries.map((entry) =>
        isGroup(entry) ? (
          <Menu key={entry.label} position="bottom-start" shadow="md" withinPortal>
            <Menu.Target>
              <Button
                variant={entry.items.some((i) => isActive(pathname, i.to)) ? 'light' : 'subtle'}
                color="dark"
                rightSection={<IconChevronDown size={14} aria-hidden />}
              >
                {entry.label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {entry.items.map((item) => (
                <Menu.Item
                  key={item.to}
                  component={Link}
                  to={item.to}
                  aria-current={isActive(pathname, item.to) ? 'page' : undefined}
                >
                  {item.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Button
            key={entry.to}
            component={Link}
            to={entry.to}
            variant={isActive(pathname, entry.to) ? 'light' : 'subtle'}
            color="dark"
            aria-current={isActive(pathname, entry.to) ? 'page' : undefined}
          >
            {entry.label}
          </Button>
        ),
      )}
    </Group>
  );
}

/** Small screens: the collapsible Menu, every group open so one tap reaches any screen. */
export function MobileNav({
  entries,
  opened,
  onNavigate,
}: {
  entries: NavEntry[];
  opened: boolean;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  const link = (to: string, label: string) => (
    <MantineNavLink
      key={to}
      component={Link}
      to={to}
      label={label}
      active={isActive(pathname, to)}
      aria-current={isActive(pathname, to) ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
  return (
    <Collapse in={opened}>
      <Box id="mobile-menu" component="nav" aria-label="Main" pb="sm">
        <Stack gap={0}>
          {entries.map((entry) =>
            isGroup(entry) ? (
              <MantineNavLink
                key={entry.label}
                component="button"
                type="button"
                label={entry.label}
                defaultOpened={entry.items.some((i) => isActive(pathname, i.to))}
                childrenOffset="md"
              >
                {entry.items.map((i) => link(i.to, i.label))}
              </MantineNavLink>
            ) : (
              link(entry.to, entry.label)
            ),
          )}
        </Stack>
      </Box>
    </Collapse>
  );
}
