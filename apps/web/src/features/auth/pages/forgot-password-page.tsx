import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

import { fieldError } from '@/ui';
import { paths } from '@/lib/paths';

import { forgotPassword } from '../api';
import { bagOf } from '../error-bag';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const send = useMutation({ mutationFn: () => forgotPassword({ email: email.trim() }) });
  const bag = bagOf(send.error) ?? {};

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate();
      }}
      noValidate
    >
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Forgot your password?
          </Title>
          <Text c="dimmed" size="sm">
            Enter your e-mail address and we will send you a link to choose a new password.
          </Text>
        </div>
        {send.isSuccess && (
          <Alert color="green" title="Check your e-mail" role="status">
            {send.data.status} If you do not see it within a few minutes, check your spam folder.
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldError(bag, 'email')}
          required
        />
        <Group justify="space-between">
          <Button component={Link} to={paths.login} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending} disabled={!email.trim()}>
            Email reset link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
