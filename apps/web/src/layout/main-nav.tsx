import { Box, Collapse, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';

import type { NavEntry } from '@/lib/navigation';
import { isGroup } from '@/lib/navigation';

/** Whether the menu entry `to` is the current screen or one under it. */
export const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** Small screens: the collapsible Menu, every group open so one tap reaches any screen. */
export function MobileNav({
  entries,
  opened,
  onNavigate,
  support,
}: {
  entries: NavEntry[];
  opened: boolean;
  onNavigate: () => void;
  /** The support contacts, under the entries. */
  support?: ReactNode;
}) {
  const { pathname } = useLocation();
  // The links are drawn once the menu is first opened, and kept (so it can close smoothly): the first screen
  // does not build a hidden menu.
  const [drawn, setDrawn] = useState(opened);
  if (opened && !drawn) setDrawn(true);
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
        {drawn && (
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
            {support}
          </Stack>
        )}
      </Box>
    </Collapse>
  );
}
