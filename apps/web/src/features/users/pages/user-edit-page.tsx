import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { PageTitle } from '@/ui';
import { RecordState } from '@/ui/form';

import { useUserDetail } from '../api/get-user';
import { UserForm } from '../components/user-form';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={760}>
      <PageTitle title={title} breadcrumbs={[{ label: 'Users', to: '/users' }, { label: title }]} />
      {children}
    </Stack>
  );
}

/** /users/add. */
export function UserAddPage() {
  return (
    <Frame title="Add user">
      <UserForm />
    </Frame>
  );
}

/** /users/{userId}. */
export function UserEditPage() {
  const user = useUserDetail(Number(useParams().userId));
  return (
    <Frame title="Edit user">
      <RecordState query={user} record={user.data} missing="This user does not exist.">
        {(record) => <UserForm key={record.id} user={record} />}
      </RecordState>
    </Frame>
  );
}
