import { Checkbox, Fieldset, Paper, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import {
  partnerSideOf,
  staffSideOf,
  profileBody,
  ROLE_IDS,
  USER_TEXTS,
  userBody,
  userUpdateBody,
  type CurrentUser,
  type ProfileBody,
  type UserBody,
  type UserRecord,
} from '@bloomline/contract';

import { useSession } from '@/session/session-context';
import { ApiForm, useRecordForm } from '@/ui';
import { paths } from '@/lib/paths';
import { userKeys } from '@/lib/query-keys';

import { useRoles } from '../api/get-roles';
import { createUser, updateUser } from '../api/save-user';
import { PartnerChoice } from './partner-choice';
import { ProfileFields } from './profile-fields';

/** The form's state: the request's fields as the inputs hold them. */
export type UserFormValues = {
  name: string;
  email: string;
  phoneNumber: string;
  role_id: string;
  partner_id: string | null;
  partner_statements: boolean;
  manage_payouts: boolean;
  manage_xero: boolean;
  authenticate_xero: boolean;
  enabled: boolean;
};

export function toFormValues(user?: UserRecord): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phoneNumber: user?.phoneNumber ?? '',
    role_id: String(user?.role.id ?? ROLE_IDS.partner),
    partner_id: user?.partner ? String(user.partner.id) : null,
    partner_statements: user?.permissions.partnerStatements ?? false,
    manage_payouts: user?.permissions.managePayouts ?? false,
    manage_xero: user?.permissions.manageXero ?? false,
    authenticate_xero: user?.permissions.authenticateXero ?? false,
    enabled: user?.enabled ?? true,
  };
}

/** One's own record: only the profile's fields are sent. */
const profileOf = (values: UserFormValues): ProfileBody => ({
  name: values.name,
  email: values.email,
  phoneNumber: values.phoneNumber,
});

/** A staff user has no partner and no partner permissions (the contract's partnerSideOf): what is sent says so. */
function requestOf(values: UserFormValues): UserBody {
  const side = partnerSideOf(Number(values.role_id), {
    partner: values.partner_id,
    partnerStatements: values.partner_statements,
  });
  const staff = staffSideOf(Number(values.role_id), {
    managePayouts: values.manage_payouts,
    manageXero: values.manage_xero,
    authenticateXero: values.authenticate_xero,
  });
  return {
    ...profileOf(values),
    role_id: values.role_id,
    partner_id: side.partner,
    partner_statements: side.partnerStatements,
    manage_payouts: staff.managePayouts,
    manage_xero: staff.manageXero,
    authenticate_xero: staff.authenticateXero,
    enabled: values.enabled,
  };
}

function RoleChoice(props: { value: string; onChange: (value: string) => void; error?: ReactNode }) {
  const roles = useRoles();
  if (roles.isPending) return <Skeleton height={56} aria-hidden />;
  return (
    <Radio.Group label="Role" required {...props} error={props.error ?? (roles.isError && 'Could not load.')}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={6}>
        {(roles.data ?? []).map((r) => (
          <Radio key={r.id} value={String(r.id)} label={r.name} />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/**
 * /users/add and /users/{id}. Staff editing another user also set the role, the partner (partner role
 * only), 'Can view partner statements' and enabled; on their own record only name, e-mail and phone.
 */
export function UserForm({ user }: { user?: UserRecord }) {
  const session = useSession();
  const own = user !== undefined && user.id === session.user?.id;
  const controller = useRecordForm({
    list: paths.users.list,
    initialValues: toFormValues(user),
    schema: own ? profileBody : user ? userUpdateBody : userBody,
    submit: (values) =>
      user === undefined
        ? createUser(requestOf(values))
        : updateUser(user.id, own ? profileOf(values) : requestOf(values)),
    // Saving oneself answers the current user: the header shows the new name at once.
    onSaved: (saved) => {
      if (own) session.setCurrentUser(saved as CurrentUser);
    },
    touches: (saved) => [{ keys: userKeys, id: saved.id }],
  });
  const { form } = controller;
  const values = form.getValues();
  const isPartner = values.role_id === String(ROLE_IDS.partner);

  return (
    <ApiForm
      controller={controller}
      label={user ? `Edit ${user.name}` : 'Add user'}
      buttons={{ submitLabel: 'Submit', onCancel: controller.cancel }}
    >
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm">
          <ProfileFields form={form} />
          {own ? (
            <Text size="sm" c="dimmed">
              This is your own account: its role, partner and permissions are kept by another staff user.
            </Text>
          ) : (
            <>
              <RoleChoice
                value={values.role_id}
                onChange={(role) => form.setFieldValue('role_id', role)}
                error={form.errors.role_id}
              />
              {isPartner && (
                <PartnerChoice
                  value={values.partner_id}
                  onChange={(id) => form.setFieldValue('partner_id', id)}
                  current={user?.partner ?? null}
                  error={form.errors.partner_id}
                />
              )}
              {isPartner && (
                <Checkbox
                  label={USER_TEXTS.partnerStatements}
                  {...form.getInputProps('partner_statements', { type: 'checkbox' })}
                />
              )}
              {!isPartner && (
                <Fieldset legend="Permissions" variant="unstyled">
                  <Stack gap={6} mt={4}>
                    <Checkbox
                      label={USER_TEXTS.managePayouts}
                      {...form.getInputProps('manage_payouts', { type: 'checkbox' })}
                    />
                    <Checkbox
                      label={USER_TEXTS.authenticateXero}
                      {...form.getInputProps('authenticate_xero', { type: 'checkbox' })}
                    />
                    <Checkbox
                      label={USER_TEXTS.manageXero}
                      {...form.getInputProps('manage_xero', { type: 'checkbox' })}
                    />
                  </Stack>
                </Fieldset>
              )}
              <Checkbox label={USER_TEXTS.enabled} {...form.getInputProps('enabled', { type: 'checkbox' })} />
            </>
          )}
        </Stack>
      </Paper>
    </ApiForm>
  );
}
