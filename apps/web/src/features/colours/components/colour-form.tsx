import { TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { colourBody, type Colour } from '@bloomline/contract';

import { colourKeys, invalidateResources } from '@/lib/query-keys';
import { ApiForm, FormButtons, useApiForm, useGoBack } from '@/ui';
import { paths } from '@/lib/paths';

import { saveColour } from '../api/save-colour';

/** The colour's name; Add for a new colour, Save for an existing one; back to /colours after. */
export function ColourForm({ colour }: { colour?: Colour }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.colours.list);
  const controller = useApiForm({
    initialValues: { name: colour?.name ?? '' },
    schema: colourBody,
    submit: (values) => saveColour(values, colour?.id),
    onSuccess: async (saved) => {
      await invalidateResources(queryClient, [{ keys: colourKeys, id: saved.id }]);
      await navigate(paths.colours.list, { replace: true });
    },
  });

  return (
    <ApiForm
      controller={controller}
      label={colour ? `Edit ${colour.name}` : 'Add a colour'}
      actions={
        <FormButtons
          submitLabel={colour ? 'Save' : 'Add'}
          cancelLabel="Cancel"
          onCancel={goBack}
          pending={controller.pending}
        />
      }
    >
      <TextInput label="Name" required data-autofocus {...controller.form.getInputProps('name')} />
    </ApiForm>
  );
}
