import { Checkbox, TextInput } from '@mantine/core';

import {
  MARKUP_MAX,
  profitCentreBody,
  REBATE_MAX,
  type ProfitCentre,
  repricedMessage,
  type ProfitCentreBody,
} from '@bloomline/contract';

import { componentRateKeys, profitCentreKeys } from '@/lib/query-keys';
import {
  ApiForm,
  formatPercent,
  fractionValue,
  PercentInput,
  percentText,
  SAVED_MESSAGE,
  typedNumbersSchema,
  useRecordForm,
} from '@/ui';
import { paths } from '@/lib/paths';

import { saveProfitCentre } from '../api/save-profit-centre';

/** The form's state: the body's fields, markup and rebate as the percentages typed ('' when empty). */
export type ProfitCentreFormValues = {
  name: string;
  default_markup: string;
  default_auto_update: boolean;
  rebate: string;
};

export const toFormValues = (centre?: ProfitCentre): ProfitCentreFormValues => ({
  name: centre?.name ?? '',
  default_markup: percentText(centre?.default_markup),
  default_auto_update: centre?.default_auto_update ?? false,
  rebate: percentText(centre?.rebate),
});

/** What is sent: the percentages as fractions (part 2, point 5), an empty markup as null. */
export const toBody = (values: ProfitCentreFormValues): ProfitCentreBody => ({
  name: values.name,
  default_markup: fractionValue(values.default_markup),
  default_auto_update: values.default_auto_update,
  rebate: fractionValue(values.rebate),
});

// The contract's body checks what will be sent, so its bounds read in percent as the user typed them.
const schema = typedNumbersSchema(profitCentreBody, toBody, { default_markup: 'percent', rebate: 'percent' });

const HINT_BELOW = ['label', 'input', 'description', 'error'] as const;

/** A profit centre's fields; Submit saves and returns to /profit-centres. */
export function ProfitCentreForm({ centre }: { centre?: ProfitCentre }) {
  const controller = useRecordForm({
    list: paths.profitCentres.list,
    initialValues: toFormValues(centre),
    schema,
    submit: (values) => saveProfitCentre(toBody(values), centre?.id),
    confirmation: (saved) =>
      saved.repriced && saved.repriced.rates > 0
        ? `${SAVED_MESSAGE} ${repricedMessage(saved.repriced)}`
        : SAVED_MESSAGE,
    // Its rates' prices moved with it.
    touches: (saved) => [{ keys: profitCentreKeys, id: saved.data.id }, componentRateKeys],
  });
  const { form } = controller;

  return (
    <ApiForm
      controller={controller}
      label={centre ? `Edit ${centre.name}` : 'Add a profit centre'}
      buttons={{
        submitLabel: 'Submit',
        onCancel: controller.cancel,
        submitDisabled: form.getValues().name.trim() === '',
      }}
    >
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <PercentInput
        label="Default markup"
        description={`A percentage of the wholesale price, at most ${formatPercent(MARKUP_MAX)}; leave it empty for no default`}
        inputWrapperOrder={[...HINT_BELOW]}
        {...form.getInputProps('default_markup')}
      />
      <PercentInput
        label="Rebate"
        description={`A percentage of the retail price, at most ${formatPercent(REBATE_MAX)}`}
        inputWrapperOrder={[...HINT_BELOW]}
        {...form.getInputProps('rebate')}
      />
      <Checkbox
        label="Auto update"
        description="New component rates follow the default markup"
        {...form.getInputProps('default_auto_update', { type: 'checkbox' })}
      />
    </ApiForm>
  );
}
