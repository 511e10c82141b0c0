import { Paper, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { profileBody, type CurrentUser } from '@bloomline/contract';

import { invalidateResources, userKeys } from '@/lib/query-keys';
import { useSession } from '@/session/session-context';
import { ApiForm, useApiForm, useGoBack } from '@/ui';
import { paths } from '@/lib/paths';

import { saveProfile } from '../api/save-user';
import { ProfileFields } from './profile-fields';

/** /users/profile: one's own name, e-mail and phone; after saving, the dashboard with the new name. */
export function ProfileForm({ me }: { me: CurrentUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.dashboard);
  const { setCurrentUser } = useSession();
  const controller = useApiForm({
    initialValues: { name: me.name, email: me.email, phoneNumber: me.phoneNumber ?? '' },
    schema: profileBody,
    submit: (values) => saveProfile(me.id, values),
    onSuccess: async (saved) => {
      // The answer is the current user, as GET /api/me gives it: the header greets the new name at once.
      setCurrentUser(saved);
      await invalidateResources(queryClient, [{ keys: userKeys, id: saved.id }]);
      await navigate(paths.dashboard, { replace: true });
    },
  });

  return (
    <ApiForm controller={controller} label="My profile" buttons={{ submitLabel: 'Submit', onCancel: goBack }}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm">
          <ProfileFields form={controller.form} />
        </Stack>
      </Paper>
    </ApiForm>
  );
}
