import { Checkbox, Select, SimpleGrid, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import {
  ORDER_SOURCE_LABELS,
  ORDER_SOURCES,
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPES,
  todayInJohannesburg,
  type OrderSource,
  type PaymentType,
} from '@bloomline/contract';

import { partnerChoices, partnerLookupQuery } from '@/api/lookups/partners';
import { useProfitCentres } from '@/api/lookups/profit-centres';
import { errorMessage, FormSection, MoneyInput, RemoteSelect } from '@/ui';
import { DateField } from '@/ui/date-input';

import type { EntryValues } from './entry-values';

const sources = ORDER_SOURCES.map((s) => ({ value: s, label: ORDER_SOURCE_LABELS[s] }));
const payments = PAYMENT_TYPES.map((p) => ({ value: p, label: PAYMENT_TYPE_LABELS[p] }));

/** When and how: the delivery day (today or later, in South Africa), collection, the fee, where it came from. */
export function DeliveryFields({ form }: { form: UseFormReturnType<EntryValues> }) {
  const centres = useProfitCentres();
  const values = form.getValues();
  const date = form.getInputProps('deliveryDate');
  return (
    <FormSection title="Delivery">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <DateField
          label="Delivery date"
          required
          minDate={todayInJohannesburg()}
          value={values.deliveryDate}
          onChange={(next) => form.setFieldValue('deliveryDate', next)}
          error={date.error as string | undefined}
          onBlur={date.onBlur as () => void}
        />
        <MoneyInput
          label="Delivery fee"
          required
          placeholder="R 0,00"
          description={values.isCollection ? 'Usually R 0,00 for a collection.' : undefined}
          {...form.getInputProps('deliveryFee')}
        />
        <Checkbox
          mt={{ base: 0, sm: 30 }}
          label="The customer collects it"
          {...form.getInputProps('isCollection', { type: 'checkbox' })}
        />
        <Select
          label="Source"
          data={sources}
          allowDeselect={false}
          value={values.source}
          onChange={(v) => form.setFieldValue('source', (v ?? 'phone') as OrderSource)}
          error={form.errors.source}
        />
        <Select
          label="Payment"
          data={payments}
          allowDeselect={false}
          value={values.paymentType}
          onChange={(v) => form.setFieldValue('paymentType', (v ?? 'card') as PaymentType)}
          error={form.errors.paymentType}
        />
        <Select
          label="Profit centre"
          placeholder="None"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear profit centre' }}
          data={(centres.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={values.profitCentreId}
          onChange={(v) => form.setFieldValue('profitCentreId', v)}
          error={form.errors.profitCentreId ?? (centres.isError ? errorMessage(centres.error) : undefined)}
        />
      </SimpleGrid>
      {values.source === 'in-store' && (
        <RemoteSelect
          label="Placing partner"
          description="The partner whose shop took this order for another to deliver (it is deducted from their statement)."
          placeholder="Search partners"
          value={values.placedByPartnerId}
          onChange={(value) => form.setFieldValue('placedByPartnerId', value)}
          query={partnerLookupQuery}
          options={partnerChoices}
          searching="Searching…"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear placing partner' }}
          error={form.errors.placedByPartnerId}
          loadError={errorMessage}
        />
      )}
      <Textarea
        label="Special instructions"
        description="For the florist and the driver: a gate code, a time, a surprise."
        autosize
        minRows={2}
        {...form.getInputProps('notes')}
      />
    </FormSection>
  );
}
