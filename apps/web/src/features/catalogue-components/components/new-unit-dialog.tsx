import { NumberInput, Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';

import { componentUnitBody, type ComponentUnit } from '@bloomline/contract';

import { componentUnitKeys, invalidateResources } from '@/lib/query-keys';
import { ApiForm, Dialog, FormButtons, useApiForm } from '@/ui';

import { useMeasureUnitOptions } from '../api/get-picker-options';
import { saveComponentUnit } from '../api/save-component-unit';

/** componentUnitBody's fields as the inputs hold them. */
type NewUnitValues = { quantity: number | string; measure_unit_id: string | null };
const EMPTY: NewUnitValues = { quantity: '', measure_unit_id: null };

type NewUnitFormProps = { onCreated: (unit: ComponentUnit) => void; onCancel: () => void };

function NewUnitForm({ onCreated, onCancel }: NewUnitFormProps) {
  const queryClient = useQueryClient();
  const measureUnits = useMeasureUnitOptions();
  const controller = useApiForm({
    initialValues: EMPTY,
    schema: componentUnitBody,
    submit: saveComponentUnit,
    // A dialog: the page's own form guards leaving.
    guardUnsaved: false,
    onSuccess: async (unit) => {
      // Awaited, so the picker already lists the new unit when it is chosen.
      await invalidateResources(queryClient, [componentUnitKeys]);
      onCreated(unit);
    },
  });
  const { form } = controller;

  return (
    <ApiForm
      controller={controller}
      label="New unit"
      actions={
        <FormButtons
          submitLabel="Add unit"
          cancelLabel="Cancel"
          onCancel={onCancel}
          pending={controller.pending}
        />
      }
    >
      <NumberInput
        label="Quantity"
        required
        min={0}
        decimalScale={3}
        hideControls
        data-autofocus
        {...form.getInputProps('quantity')}
      />
      <Select
        label="Unit of measure"
        required
        searchable
        data={(measureUnits.data ?? []).map((u) => ({
          value: String(u.id),
          label: `${u.name} (${u.short_code})`,
        }))}
        nothingFoundMessage={measureUnits.isPending ? 'Loading…' : 'Nothing found.'}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('measure_unit_id')}
      />
    </ApiForm>
  );
}

export type NewUnitDialogProps = NewUnitFormProps & { opened: boolean };

/** A small form for a component unit the list lacks ("12 Stem"); the new unit is chosen at once. */
export function NewUnitDialog({ opened, onCreated, onCancel }: NewUnitDialogProps) {
  return (
    <Dialog opened={opened} onClose={onCancel} title="New unit">
      <NewUnitForm onCreated={onCreated} onCancel={onCancel} />
    </Dialog>
  );
}
