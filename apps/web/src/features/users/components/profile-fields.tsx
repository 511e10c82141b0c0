import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

type ProfileValues = { name: string; email: string; phoneNumber: string };

/** Name, e-mail and phone number: what every user may change of their own account. */
export function ProfileFields<V extends ProfileValues>({ form }: { form: UseFormReturnType<V> }) {
  return (
    <>
      <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Phone number"
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('phoneNumber')}
        />
      </SimpleGrid>
    </>
  );
}
