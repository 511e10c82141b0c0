import { PasswordInput } from '@mantine/core';

import type { ErrorBag } from '@bloomline/contract';

import { fieldError } from '@/ui';

/** What the two fields hold. */
export type NewPassword = { password: string; confirmation: string };
export const NO_NEW_PASSWORD: NewPassword = { password: '', confirmation: '' };

export type NewPasswordFieldsProps = {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  /** The 422 bag: `password` and `password_confirmation` go under their fields. */
  bag: ErrorBag;
  /** Said under the new password (the rule), where the page does not say it above. */
  description?: string;
};

/** A new password and its confirmation, as both the change and the reset of a password ask for them. */
export function NewPasswordFields({ value, onChange, bag, description }: NewPasswordFieldsProps) {
  const { password, confirmation } = value;
  return (
    <>
      <PasswordInput
        label="New password"
        description={description}
        autoComplete="new-password"
        value={password}
        onChange={(e) => onChange({ password: e.currentTarget.value, confirmation })}
        error={fieldError(bag, 'password')}
        required
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => onChange({ password, confirmation: e.currentTarget.value })}
        error={fieldError(bag, 'password_confirmation')}
        required
      />
    </>
  );
}
