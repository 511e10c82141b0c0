import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';

import { roleLabel, USER_TEXTS, userListQuery, type UserListItem } from '@bloomline/contract';

import { invalidateResources, userKeys } from '@/lib/query-keys';
import { useUser } from '@/session/session-context';
import {
  actionsColumn,
  ConfirmAction,
  EditAction,
  EMPTY_TEXT,
  ListPage,
  useListParams,
  type DataColumn,
} from '@/ui';
import { paths } from '@/lib/paths';

import { useUsers } from '../api/get-users';
import { toggleUserEnabled } from '../api/save-user';

/** Disable or Enable, after a question; a refusal shows in the dialog. Nobody disables themself. */
function EnabledAction({ user }: { user: UserListItem }) {
  const queryClient = useQueryClient();
  const verb = user.enabled ? 'Disable' : 'Enable';
  return (
    <ConfirmAction
      label={verb}
      aria-label={`${verb} ${user.name}`}
      title={`${verb} user`}
      message={user.enabled ? USER_TEXTS.disableQuestion(user.name) : USER_TEXTS.enableQuestion(user.name)}
      confirmLabel={verb}
      size="compact-sm"
      variant="default"
      // A dark red reads at 4.5:1 on the table's striped rows too; Enable keeps the default dark text.
      c={user.enabled ? 'red.9' : undefined}
      color={user.enabled ? 'red' : 'green'}
      onConfirm={async () => {
        await toggleUserEnabled(user.id);
        await invalidateResources(queryClient, [{ keys: userKeys, id: user.id }]);
      }}
    />
  );
}

const columns = (meId: number): DataColumn<UserListItem>[] => [
  {
    key: 'name',
    header: 'Name',
    render: (u) => (
      <Text size="sm" fw={500}>
        {u.name}
      </Text>
    ),
  },
  { key: 'email', header: 'Email', render: (u) => u.email },
  { key: 'phone', header: 'Phone number', render: (u) => u.phoneNumber ?? EMPTY_TEXT },
  { key: 'role', header: 'Role', render: (u) => roleLabel(u) },
  { key: 'partner', header: 'Partner', render: (u) => u.partner?.name ?? EMPTY_TEXT },
  { key: 'enabled', header: 'Enabled', render: (u) => (u.enabled ? 'Yes' : 'No') },
  actionsColumn((u) => (
    <>
      <EditAction to={paths.users.edit(u.id)} name={u.name} />
      {u.id !== meId && <EnabledAction user={u} />}
    </>
  )),
];

/** /users: search and page live in the query string (q, page). */
export function UserListPage() {
  const me = useUser();
  const { params, update } = useListParams(userListQuery);
  const users = useUsers(params);

  return (
    <ListPage
      title="Users"
      addTo={paths.users.add}
      search={{
        value: params.q ?? '',
        onSearch: (q) => update({ q }),
        label: 'Search users by name, email or phone number',
      }}
      columns={columns(me.id)}
      rows={users.data?.data}
      rowKey={(u) => u.id}
      query={users}
      meta={users.data?.meta}
      onPage={(page) => update({ page })}
      minWidth={820}
    />
  );
}
