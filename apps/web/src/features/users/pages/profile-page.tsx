import { Stack } from '@mantine/core';

import { useUser } from '@/session/session-context';
import { PageTitle } from '@/ui';

import { ProfileForm } from '../components/profile-form';

/** /users/profile: every signed-in user's own name, e-mail and phone number. */
export function ProfilePage() {
  const me = useUser();
  return (
    <Stack gap="md" maw={760}>
      <PageTitle title="My profile" />
      <ProfileForm key={me.id} me={me} />
    </Stack>
  );
}
