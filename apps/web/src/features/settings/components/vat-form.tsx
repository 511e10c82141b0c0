import { useQueryClient } from '@tanstack/react-query';

import { repricedMessage, vatBody, type VatBody } from '@bloomline/contract';

import { useSession } from '@/session/session-context';
import {
  ApiForm,
  FormButtons,
  fractionValue,
  PercentInput,
  percentText,
  SAVED_MESSAGE,
  typedNumbersSchema,
  useApiForm,
} from '@/ui';

import { saveVat } from '../api/settings';

type VatValues = { vat: string };

const toBody = (values: VatValues): VatBody => ({ vat: fractionValue(values.vat) });
// The contract's bounds, read in percent as the user typed them.
const schema = typedNumbersSchema(vatBody, toBody, { vat: 'percent' });

export const VAT_HINT =
  'Every retail price is built with it: the wholesale price with its markup, plus VAT on that, less the ' +
  'rebate. Saving a new rate reprices every component rate and every product variant at once; orders already ' +
  'placed keep their values.';

/** The VAT rate, as a percentage; saving reprices the catalogue and says how much moved. */
export function VatForm({ vat }: { vat: number }) {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const controller = useApiForm({
    initialValues: { vat: percentText(vat) },
    schema,
    submit: (values: VatValues) => saveVat(toBody(values)),
    confirmation: (saved) =>
      saved.repriced && saved.repriced.rates > 0
        ? `${SAVED_MESSAGE} ${repricedMessage(saved.repriced)}`
        : SAVED_MESSAGE,
    // Every price moved, and the signed-in user's settings (/api/me) carry the rate the forms price with.
    onSuccess: () => Promise.all([queryClient.invalidateQueries(), refresh()]),
  });
  const { form } = controller;
  return (
    <ApiForm
      controller={controller}
      label="VAT rate"
      actions={
        <FormButtons
          submitLabel="Save VAT rate"
          cancelLabel="Undo"
          onCancel={() => form.reset()}
          pending={controller.pending}
          submitDisabled={!form.isDirty()}
        />
      }
    >
      <PercentInput
        label="VAT rate"
        description={VAT_HINT}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        // The box as wide as a rate needs; its explanation takes the section's width.
        styles={{ wrapper: { maxWidth: 240 } }}
        {...form.getInputProps('vat')}
      />
    </ApiForm>
  );
}
