import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';

import { componentBody, type Component } from '@bloomline/contract';

import { componentKeys, invalidateResources } from '@/lib/query-keys';
import { ApiForm, MoneyInput, moneyText, moneyValue, useRecordForm } from '@/ui';
import { paths } from '@/lib/paths';

import { deleteComponentImage, uploadComponentImage } from '../api/component-image';
import { useColourOptions } from '../api/get-picker-options';
import { saveComponent } from '../api/save-component';
import { ComponentImageField } from './component-image-field';
import { NewUnitDialog } from './new-unit-dialog';
import { UnitPicker } from './unit-picker';

/** The form's state: componentBody's fields as the inputs hold them, and a picture chosen to upload. */
export type ComponentFormValues = {
  name: string;
  /** As typed ('12,50'), shown back as 'R 12,50' once it is an amount. */
  wholesale_excl_vat: string;
  container: boolean;
  exclude_auto_calculations: boolean;
  show_on_menu: boolean;
  is_commission: boolean;
  unit_id: string | null;
  colour_id: string | null;
  image_file: File | null;
};

/** A new component is shown on the menu and has the other flags off (the server's defaults too). */
export const toFormValues = (component?: Component): ComponentFormValues => ({
  name: component?.name ?? '',
  wholesale_excl_vat: moneyText(component?.wholesale_excl_vat),
  container: component?.container ?? false,
  exclude_auto_calculations: component?.exclude_auto_calculations ?? false,
  show_on_menu: component?.show_on_menu ?? true,
  is_commission: component?.isCommission ?? false,
  unit_id: component?.unit_id ? String(component.unit_id) : null,
  colour_id: component?.colour_id ? String(component.colour_id) : null,
  image_file: null,
});

/**
 * A component's fields and picture. Submit saves the component, then uploads a chosen picture, then returns
 * to /components. If the upload fails after a new component was created, the next Submit updates that one.
 */
export function ComponentForm({ component }: { component?: Component }) {
  const queryClient = useQueryClient();
  const colours = useColourOptions();
  const [addingUnit, setAddingUnit] = useState(false);
  const savedId = useRef(component?.id);
  const controller = useRecordForm({
    list: paths.components.list,
    initialValues: toFormValues(component),
    schema: componentBody,
    submit: async ({ image_file, ...values }) => {
      const body = { ...values, wholesale_excl_vat: moneyValue(values.wholesale_excl_vat) };
      const saved = await saveComponent(body, savedId.current);
      savedId.current = saved.id;
      return image_file ? uploadComponentImage(saved.id, image_file) : saved;
    },
    touches: (saved) => [{ keys: componentKeys, id: saved.id }],
  });
  const { form } = controller;
  const values = form.getValues();

  const removeImage = component
    ? async () => {
        await deleteComponentImage(component.id);
        await invalidateResources(queryClient, [{ keys: componentKeys, id: component.id }]);
      }
    : undefined;

  return (
    <>
      <ApiForm
        controller={controller}
        label={component ? `Edit ${component.name}` : 'Add a component'}
        buttons={{ submitLabel: component ? 'Save' : 'Add', onCancel: controller.cancel }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <MoneyInput
            label="Wholesale price (excl VAT)"
            required
            {...form.getInputProps('wholesale_excl_vat')}
          />
          <UnitPicker
            value={values.unit_id}
            onChange={(id) => form.setFieldValue('unit_id', id)}
            error={form.errors.unit_id}
            onNew={() => setAddingUnit(true)}
          />
          <Select
            label="Colour"
            placeholder="Choose a colour"
            data={(colours.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            searchable
            clearable
            nothingFoundMessage={colours.isPending ? 'Loading…' : 'Nothing found.'}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('colour_id')}
          />
        </SimpleGrid>
        <Stack gap="xs">
          <Checkbox label="Container" {...form.getInputProps('container', { type: 'checkbox' })} />
          <Checkbox
            label="Exclude from automatic calculations"
            {...form.getInputProps('exclude_auto_calculations', { type: 'checkbox' })}
          />
          <Checkbox label="Show on menu" {...form.getInputProps('show_on_menu', { type: 'checkbox' })} />
          <Checkbox label="Commission" {...form.getInputProps('is_commission', { type: 'checkbox' })} />
        </Stack>
        <ComponentImageField
          name={values.name}
          currentUrl={component?.imageUrl ?? null}
          value={values.image_file}
          onChange={(file) => form.setFieldValue('image_file', file)}
          onRefused={(message) => form.setFieldError('image_file', message)}
          error={form.errors.image_file}
          onRemove={removeImage}
        />
      </ApiForm>
      {/* Outside the form: its own form's submit must not bubble into this one. */}
      <NewUnitDialog
        opened={addingUnit}
        onCancel={() => setAddingUnit(false)}
        onCreated={(unit) => {
          form.setFieldValue('unit_id', String(unit.id));
          setAddingUnit(false);
        }}
      />
    </>
  );
}
