import { Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/lib/paths';
import { fieldError, PageTitle } from '@/ui';

import { changePassword } from '../api';
import { bagOf } from '../error-bag';
import { NewPasswordFields, NO_NEW_PASSWORD } from '../components/new-password-fields';

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [newPassword, setNewPassword] = useState(NO_NEW_PASSWORD);
  const { password, confirmation } = newPassword;
  const change = useMutation({
    mutationFn: () =>
      changePassword({ current_password: current, password, password_confirmation: confirmation }),
    onSuccess: (res) => {
      notifications.show({ color: 'green', message: res.status });
      void navigate(paths.dashboard);
    },
  });
  const bag = bagOf(change.error, 'current_password') ?? {};

  return (
    <Stack maw={480}>
      <PageTitle title="Change password" />
      <Paper withBorder p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate();
          }}
          noValidate
        >
          <Stack>
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
              error={fieldError(bag, 'current_password')}
              required
            />
            <NewPasswordFields
              value={newPassword}
              onChange={setNewPassword}
              bag={bag}
              description="At least 8 characters."
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate(-1)}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={change.isPending}
                disabled={!current || !password || !confirmation}
              >
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
