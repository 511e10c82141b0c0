import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { paths } from '@/lib/paths';
import { fieldError } from '@/ui';

import { resetPassword } from '../api';
import { bagOf } from '../error-bag';
import { NewPasswordFields, NO_NEW_PASSWORD } from '../components/new-password-fields';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [newPassword, setNewPassword] = useState(NO_NEW_PASSWORD);
  const { password, confirmation } = newPassword;
  const reset = useMutation({
    mutationFn: () =>
      resetPassword({ token, email: email.trim(), password, password_confirmation: confirmation }),
    onSuccess: (res) => {
      notifications.show({
        color: 'green',
        title: 'Password reset',
        message: `${res.status} Sign in with your new password.`,
      });
      void navigate(paths.home, { replace: true });
    },
  });
  const bag = bagOf(reset.error) ?? {};

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        reset.mutate();
      }}
      noValidate
    >
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Choose a new password
          </Title>
          <Text c="dimmed" size="sm">
            At least 8 characters.
          </Text>
        </div>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldError(bag, 'email') ?? fieldError(bag, 'token')}
          required
        />
        <NewPasswordFields value={newPassword} onChange={setNewPassword} bag={bag} />
        <Button
          type="submit"
          loading={reset.isPending}
          disabled={!email.trim() || !password || !confirmation}
          fullWidth
        >
          Reset password
        </Button>
      </Stack>
    </form>
  );
}
