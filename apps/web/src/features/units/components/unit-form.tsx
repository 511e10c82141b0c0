import { TextInput } from '@mantine/core';

import { MEASURE_UNIT_HINTS, measureUnitBody, type MeasureUnit } from '@bloomline/contract';

import { ApiForm, useRecordForm } from '@/ui';
import { paths } from '@/lib/paths';
import { measureUnitKeys } from '@/lib/query-keys';

import { saveUnit } from '../api/save-unit';

export type UnitFormProps = {
  /** The unit edited; a new one without. */
  unit?: MeasureUnit;
};

// The hint sits under the box, where the spec puts it; the error comes after it.
const HINT_BELOW = ['label', 'input', 'description', 'error'] as const;

/** The unit's two fields; Add and EXIT for a new unit, Save and Cancel for an existing one. */
export function UnitForm({ unit }: UnitFormProps) {
  const controller = useRecordForm({
    list: paths.units.list,
    initialValues: { name: unit?.name ?? '', short_code: unit?.short_code ?? '' },
    schema: measureUnitBody,
    submit: (values) => saveUnit(values, unit?.id),
    touches: (saved) => [{ keys: measureUnitKeys, id: saved.id }],
  });
  const { form } = controller;

  return (
    <ApiForm
      controller={controller}
      label={unit ? `Edit ${unit.name}` : 'Add a unit of measure'}
      buttons={{
        submitLabel: unit ? 'Save' : 'Add',
        cancelLabel: unit ? 'Cancel' : 'EXIT',
        onCancel: controller.cancel,
      }}
    >
      <TextInput
        label="Name"
        description={MEASURE_UNIT_HINTS.name}
        inputWrapperOrder={[...HINT_BELOW]}
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Short code"
        description={MEASURE_UNIT_HINTS.short_code}
        inputWrapperOrder={[...HINT_BELOW]}
        required
        {...form.getInputProps('short_code')}
      />
    </ApiForm>
  );
}
