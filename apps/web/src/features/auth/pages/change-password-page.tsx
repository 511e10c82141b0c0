import { Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { fieldError, PageTitle } from '@/ui';
import { paths } from '@/lib/paths';

import { bagOf, changePassword } from '../api';

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
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
            <PasswordInput
              label="New password"
              description="At least 8 characters."
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldError(bag, 'password')}
              required
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.currentTarget.value)}
              error={fieldError(bag, 'password_confirmation')}
              required
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
