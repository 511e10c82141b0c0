import { Button, Checkbox, Group, Select, SimpleGrid, TextInput, Title } from '@mantine/core';

import {
  componentRateBody,
  MARKUP_MAX,
  parsePercent,
  retailPrice,
  type ComponentRate,
  type ComponentRateBody,
  type ProfitCentre,
} from '@bloomline/contract';

import {
  ApiForm,
  formatMoney,
  formatPercent,
  fractionValue,
  PercentInput,
  percentText,
  typedNumbersSchema,
  useApiForm,
} from '@/ui';

import { saveComponentRate, useRatesChanged } from '../api/save-component-rate';

/** The form's state: the body's fields, the markup as the percentage typed ('' when empty). */
export type RateFormValues = {
  profit_centre_id: string | null;
  auto_update: boolean;
  markup: string;
};

export const toFormValues = (rate: ComponentRate | null): RateFormValues => ({
  profit_centre_id: rate ? String(rate.profit_centre_id) : null,
  auto_update: rate?.auto_update ?? false,
  markup: percentText(rate?.markup),
});

/** What is sent: the inputs only (the server prices the rate); an auto-updating rate sends no markup. */
export const toBody = (values: RateFormValues): ComponentRateBody => ({
  profit_centre_id: values.profit_centre_id === null ? null : Number(values.profit_centre_id),
  auto_update: values.auto_update,
  markup: values.auto_update ? null : fractionValue(values.markup),
});

const schema = typedNumbersSchema(componentRateBody, toBody, { markup: 'percent' });

/** The markup the rate will have: the centre's default while it auto-updates, else the one typed. */
export function effectiveMarkup(values: RateFormValues, centre: ProfitCentre | undefined): number | null {
  if (values.auto_update) return centre?.default_markup ?? null;
  const typed = parsePercent(values.markup);
  return typed.ok ? typed.value : null;
}

/** The price the rate will get, with the contract's formula; none until every input is there and valid. */
export function livePrice(wholesale: number, markup: number | null, vat: number, centre?: ProfitCentre) {
  if (!centre || markup === null || markup < 0 || markup > MARKUP_MAX) return null;
  try {
    return retailPrice(wholesale, markup, vat, centre.rebate);
  } catch {
    return null;
  }
}

export type RateFormProps = {
  component: { id: number; name: string; wholesale_excl_vat: number };
  centres: readonly ProfitCentre[];
  /** The component's rates: a centre that has one is not offered for a new one. */
  rates: readonly ComponentRate[];
  /** The rate being changed (update mode), or none (add mode). */
  editing: ComponentRate | null;
  /** The VAT rate prices are built with (the current user's settings.vat). */
  vat: number;
  /** Back to add mode, after Update, Add or Cancel. */
  onDone: () => void;
};

/**
 * Adds a rate, or changes the one Edit picked (its profit centre then fixed). With auto update on, the
 * markup is the centre's default and cannot be typed; the rebate is always the centre's. The price shown
 * is computed as the server will compute it.
 */
export function RateForm({ component, centres, rates, editing, vat, onDone }: RateFormProps) {
  const ratesChanged = useRatesChanged(component.id);
  const controller = useApiForm({
    initialValues: toFormValues(editing),
    schema,
    submit: (values) => saveComponentRate(component.id, toBody(values), editing?.id),
    onSuccess: async () => {
      await ratesChanged();
      onDone();
    },
  });
  const { form } = controller;
  const values = form.getValues();
  const centre = centres.find((c) => String(c.id) === values.profit_centre_id);
  const markup = effectiveMarkup(values, centre);
  const price = livePrice(component.wholesale_excl_vat, markup, vat, centre);
  const taken = new Set(rates.filter((r) => r.id !== editing?.id).map((r) => r.profit_centre_id));
  const title = editing ? `Update the rate in ${editing.profitCentre.name}` : 'Add a rate';

  const pickCentre = (value: string | null) => {
    form.setFieldValue('profit_centre_id', value);
    const picked = centres.find((c) => String(c.id) === value);
    if (!picked) return;
    // A new rate starts as the centre suggests: following its default markup when it has one.
    form.setFieldValue('auto_update', picked.default_auto_update && picked.default_markup !== null);
    if (values.markup === '' && picked.default_markup !== null)
      form.setFieldValue('markup', percentText(picked.default_markup));
  };

  return (
    <ApiForm
      controller={controller}
      label={title}
      actions={
        <Group justify="flex-end" gap="sm">
          {editing && (
            <Button variant="default" onClick={onDone} disabled={controller.pending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={controller.pending} disabled={controller.pending}>
            {editing ? 'Update' : 'Add'}
          </Button>
        </Group>
      }
    >
      <Title order={2} size="h4">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Select
          label="Profit centre"
          required
          placeholder="Pick a profit centre"
          allowDeselect={false}
          disabled={editing !== null}
          data={centres.map((c) => ({
            value: String(c.id),
            label: taken.has(c.id) ? `${c.name} (has a rate)` : c.name,
            disabled: taken.has(c.id),
          }))}
          {...form.getInputProps('profit_centre_id')}
          onChange={pickCentre}
        />
        {values.auto_update ? (
          <TextInput
            label="Markup"
            readOnly
            value={formatPercent(centre?.default_markup)}
            description="The profit centre's default"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={form.errors.markup}
          />
        ) : (
          <PercentInput label="Markup" required {...form.getInputProps('markup')} />
        )}
        <TextInput
          label="Rebate"
          readOnly
          value={formatPercent(centre?.rebate)}
          description="The profit centre's"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <TextInput
          label="Price"
          readOnly
          value={formatMoney(price)}
          description={`Incl. ${formatPercent(vat)} VAT, from the wholesale ${formatMoney(component.wholesale_excl_vat)}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          aria-live="polite"
        />
      </SimpleGrid>
      <Checkbox
        label="Auto update"
        description="Follow the profit centre's default markup when it changes"
        {...form.getInputProps('auto_update', { type: 'checkbox' })}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          form.setFieldValue('auto_update', on);
          // Turned off, the markup starts from the default it was following.
          if (!on && values.markup === '' && centre?.default_markup != null)
            form.setFieldValue('markup', percentText(centre.default_markup));
        }}
      />
    </ApiForm>
  );
}
