import { TextInput } from '@mantine/core';

import { colourBody, type Colour } from '@bloomline/contract';

import { colourKeys } from '@/lib/query-keys';
import { ApiForm, useRecordForm } from '@/ui';
import { paths } from '@/lib/paths';

import { saveColour } from '../api/save-colour';

/** The colour's name; Add for a new colour, Save for an existing one; back to /colours after. */
export function ColourForm({ colour }: { colour?: Colour }) {
  const controller = useRecordForm({
    list: paths.colours.list,
    initialValues: { name: colour?.name ?? '' },
    schema: colourBody,
    submit: (values) => saveColour(values, colour?.id),
    touches: (saved) => [{ keys: colourKeys, id: saved.id }],
  });

  return (
    <ApiForm
      controller={controller}
      label={colour ? `Edit ${colour.name}` : 'Add a colour'}
      buttons={{ submitLabel: colour ? 'Save' : 'Add', onCancel: controller.cancel }}
    >
      <TextInput label="Name" required data-autofocus {...controller.form.getInputProps('name')} />
    </ApiForm>
  );
}
