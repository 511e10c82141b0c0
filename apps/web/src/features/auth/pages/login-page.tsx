import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { useSession } from '@/session/session-context';
import { fieldError } from '@/ui';
import { paths } from '@/lib/paths';

import { bagOf } from '../api';

export function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => signIn(email.trim(), password),
    onSuccess: () => navigate(paths.dashboard, { replace: true }),
  });
  const bag = bagOf(login.error) ?? {};

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        login.mutate();
      }}
      noValidate
    >
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Sign in
          </Title>
          <Text c="dimmed" size="sm">
            Welcome back. Sign in to manage your orders and products.
          </Text>
        </div>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldError(bag, 'email')}
          required
          data-autofocus
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldError(bag, 'password')}
          required
        />
        <Button type="submit" loading={login.isPending} disabled={!email.trim() || !password} fullWidth>
          Login
        </Button>
        <Anchor component={Link} to={paths.forgotPassword} size="sm" ta="center">
          Forgot your password?
        </Anchor>
      </Stack>
    </form>
  );
}
