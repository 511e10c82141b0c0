import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';

import {
  companyChoices,
  companyLookupQuery,
  customerChoices,
  customerLookupQuery,
  type CustomerChoice,
} from '@/api/lookups/order-entry';
import { errorMessage, FormSection, RemoteSelect } from '@/ui';

import type { EntryValues } from './entry-values';

/**
 * Who is buying: an existing customer found by name, e-mail or phone (their details fill in, still editable), or
 * a new one typed in; the order is kept with the customer of that e-mail, made when there is none. A company
 * the order is for is found the same way.
 */
export function CustomerFields({ form }: { form: UseFormReturnType<EntryValues> }) {
  const [found, setFound] = useState<string | null>(null);
  const values = form.getValues();
  return (
    <FormSection title="Customer">
      <RemoteSelect
        label="Find a customer"
        description="By name, e-mail or phone. Or type a new customer's details below."
        placeholder="Search customers"
        value={found}
        onChange={(value, option) => {
          setFound(value);
          const picked = option as CustomerChoice | null;
          if (!picked) return;
          form.setFieldValue('customer.name', picked.name);
          form.setFieldValue('customer.email', picked.email ?? '');
          form.setFieldValue('customer.phone', picked.phone ?? '');
        }}
        query={customerLookupQuery}
        options={customerChoices}
        searching="Searching…"
        nothingFound="No customer found: type their details below."
        clearable
        clearButtonProps={{ 'aria-label': 'Clear customer' }}
        loadError={errorMessage}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Name" required {...form.getInputProps('customer.name')} />
        <TextInput label="E-mail" type="email" required {...form.getInputProps('customer.email')} />
        <TextInput label="Phone" type="tel" {...form.getInputProps('customer.phone')} />
      </SimpleGrid>
      <RemoteSelect
        label="Company"
        description="A business ordering on account, if any."
        placeholder="None"
        value={values.companyId}
        onChange={(value) => form.setFieldValue('companyId', value)}
        query={companyLookupQuery}
        options={companyChoices}
        searching="Searching…"
        nothingFound="No company found."
        clearable
        clearButtonProps={{ 'aria-label': 'Clear company' }}
        error={form.errors.companyId}
        loadError={errorMessage}
      />
    </FormSection>
  );
}
