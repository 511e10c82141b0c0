import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

import type { NavEntry } from '@/lib/navigation';
import { isGroup } from '@/lib/navigation';

import { isActive } from './main-nav';

// A module of its own, loaded only where the bar is shown (not on a phone): its dropdowns bring Mantine's Menu,
// Popover and floating-ui.
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
