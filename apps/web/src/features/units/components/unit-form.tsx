import { TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { MEASURE_UNIT_HINTS, measureUnitBody, type MeasureUnit } from '@bloomline/contract';

import { invalidateResources } from '@/lib/query-keys';
import { ApiForm, FormButtons, useApiForm, useGoBack } from '@/ui';
import { paths } from '@/lib/paths';

import { saveUnit } from '../api/save-unit';
import { unitKeys } from '../api/unit-keys';

export type UnitFormProps = {
  /** The unit edited; a new one without. */
  unit?: MeasureUnit;
};

// The hint sits under the box, where the spec puts it; the error comes after it.
const HINT_BELOW = ['label', 'input', 'description', 'error'] as const;

/** The unit's two fields; Add and EXIT for a new unit, Save and Cancel for an existing one. */
export function UnitForm({ unit }: UnitFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.units.list);
  const controller = useApiForm({
    initialValues: { name: unit?.name ?? '', short_code: unit?.short_code ?? '' },
    schema: measureUnitBody,
    submit: (values) => saveUnit(values, unit?.id),
    onSuccess: async (saved) => {
      await invalidateResources(queryClient, [{ keys: unitKeys, id: saved.id }]);
      await navigate(paths.units.list, { replace: true });
    },
  });
  const { form } = controller;

  return (
    <ApiForm
      controller={controller}
      label={unit ? `Edit ${unit.name}` : 'Add a unit of measure'}
      actions={
        <FormButtons
          submitLabel={unit ? 'Save' : 'Add'}
          cancelLabel={unit ? 'Cancel' : 'EXIT'}
          onCancel={goBack}
          pending={controller.pending}
        />
      }
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
