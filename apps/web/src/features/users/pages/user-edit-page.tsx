import { useParams } from 'react-router';

import { FormPage } from '@/ui/form';
import { paths } from '@/lib/paths';

import { useUserDetail } from '../api/get-user';
import { UserForm } from '../components/user-form';

const parent = { label: 'Users', to: paths.users.list };

/** /users/add. */
export function UserAddPage() {
  return (
    <FormPage title="Add user" parent={parent} width={760} card={false}>
      <UserForm />
    </FormPage>
  );
}

/** /users/{userId}. */
export function UserEditPage() {
  const user = useUserDetail(Number(useParams().userId));
  return (
    <FormPage
      title="Edit user"
      history="user"
      parent={parent}
      width={760}
      card={false}
      query={user}
      record={user.data}
      missing="This user does not exist."
    >
      {(record) => <UserForm user={record} />}
    </FormPage>
  );
}
