import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

type ProfileValues = { name: string; email: string; phoneNumber: string };

/** Name, e-mail and phone number: what every user may change of their own account. */
export function ProfileFields<V extends ProfileValues>({ form }: { form: UseFormReturnType<V> }) {
  return (
    <>
      <TextInput label="Name" required maxLength={255} autoComplete="name" {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Email"
          type="email"
          required
          maxLength={255}
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Phone number"
          type="tel"
          maxLength={30}
          autoComplete="tel"
          {...form.getInputProps('phoneNumber')}
        />
      </SimpleGrid>
    </>
  );
}
