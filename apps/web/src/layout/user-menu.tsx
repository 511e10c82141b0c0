import { Button, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconKey, IconMail, IconPhone, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';

import { paths } from '@/lib/paths';

import { telHref, useSupportContacts } from './support-contacts';

/** From Mantine's `md` breakpoint the header shows the support contacts itself. */
const HEADER_SHOWS_CONTACTS = '(min-width: 62em)';

// A module of its own, loaded only where the greeting is shown (from 576 px): its dropdown brings Mantine's Menu,
// Popover and floating-ui, as the bar of menus does.
/**
 * The greeting as a menu (issue 36): the user's own profile and Change password, and below 992 px, where the
 * header has no room for them, the support phone and e-mail.
 */
export function UserMenu({ name }: { name: string }) {
  const contacts = useSupportContacts();
  const headerShowsContacts = useMediaQuery(HEADER_SHOWS_CONTACTS, true, { getInitialValueInEffect: false });
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          size="xs"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          maw={240}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          Hi, {name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.users.profile} leftSection={<IconUser size={16} aria-hidden />}>
          My profile
        </Menu.Item>
        <Menu.Item component={Link} to={paths.changePassword} leftSection={<IconKey size={16} aria-hidden />}>
          Change password
        </Menu.Item>
        {!headerShowsContacts && contacts && (
          <>
            <Menu.Divider />
            <Menu.Label c="gray.7">Support</Menu.Label>
            <Menu.Item
              component="a"
              href={telHref(contacts.supportPhone)}
              leftSection={<IconPhone size={16} aria-hidden />}
            >
              {contacts.supportPhone}
            </Menu.Item>
            <Menu.Item
              component="a"
              href={`mailto:${contacts.supportEmail}`}
              leftSection={<IconMail size={16} aria-hidden />}
            >
              {contacts.supportEmail}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
