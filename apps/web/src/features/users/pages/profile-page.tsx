import { Button } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';

import { paths } from '@/lib/paths';
import { useUser } from '@/session/session-context';
import { FormPage } from '@/ui/form';

import { ProfileForm } from '../components/profile-form';

/** /users/profile: every signed-in user's own name, e-mail and phone number, and the way to a new password. */
export function ProfilePage() {
  const me = useUser();
  return (
    <FormPage
      title="My profile"
      width={760}
      card={false}
      actions={
        <Button
          component={Link}
          to={paths.changePassword}
          variant="default"
          leftSection={<IconKey size={16} aria-hidden />}
        >
          Change password
        </Button>
      }
    >
      <ProfileForm key={me.id} me={me} />
    </FormPage>
  );
}
