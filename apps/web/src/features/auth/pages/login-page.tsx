import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { useConnection } from '@/api/connection';
import { useSession } from '@/session/session-context';
import { fieldError } from '@/ui';
import { paths } from '@/lib/paths';

import { bagOf } from '../error-bag';

/** Signed out and offline: what the page says, and what its button says instead of doing nothing (issue 36). */
export const LOGIN_OFFLINE =
  'This device is offline. Logging in needs a connection: it works again once you are back online.';
export const LOGIN_OFFLINE_BUTTON = 'Offline: no connection';

export function LoginPage() {
  const { offline } = useConnection();
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
          {/* One word for it, heading and button alike (issue 36). */}
          <Title order={1} size="h2">
            Login
          </Title>
          <Text c="dimmed" size="sm">
            Welcome back. Log in to manage your orders and products.
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
        {offline && (
          <Text id="login-offline" role="status" size="sm" c="orange.9" fw={500}>
            {LOGIN_OFFLINE}
          </Text>
        )}
        <Button
          type="submit"
          loading={login.isPending}
          disabled={offline || !email.trim() || !password}
          aria-describedby={offline ? 'login-offline' : undefined}
          fullWidth
        >
          {offline ? LOGIN_OFFLINE_BUTTON : 'Login'}
        </Button>
        <Anchor component={Link} to={paths.forgotPassword} size="sm" ta="center">
          Forgot your password?
        </Anchor>
      </Stack>
    </form>
  );
}
