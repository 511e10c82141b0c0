import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { repricedMessage, vatBody, type VatBody, type VatPreview } from '@bloomline/contract';

import { isApiError } from '@/api/client';
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

import { previewVat, saveVat } from '../api/settings';
import { VatQuestion } from './vat-question';

type VatValues = { vat: string };

const toBody = (values: VatValues): VatBody => ({ vat: fractionValue(values.vat) });
// The contract's bounds, read in percent as the user typed them.
const schema = typedNumbersSchema(vatBody, toBody, { vat: 'percent' });

export const VAT_HINT =
  'Every retail price is built with it: the wholesale price with its markup, plus VAT on that, less the ' +
  'rebate. Saving a new rate reprices every component rate and every product variant at once; orders keep ' +
  'the VAT they were assigned with.';

/**
 * The VAT rate, as a percentage. Saving asks first, naming what the new rate reprices (the server's dry run),
 * then saves, reprices the catalogue and says how much moved.
 */
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
  const [question, setQuestion] = useState<VatPreview | null>(null);
  const [previewError, setPreviewError] = useState<unknown>(null);
  const [asking, setAsking] = useState(false);

  // The form's own checks first, then the dry run; an unchanged rate needs no question.
  const askFirst = form.onSubmit(async (values) => {
    setPreviewError(null);
    setAsking(true);
    try {
      const preview = await previewVat(toBody(values));
      if (preview.vat === preview.current) controller.onSubmit();
      else setQuestion(preview);
    } catch (error) {
      if (isApiError(error) && error.isValidation && error.errors.vat)
        form.setFieldError('vat', error.errors.vat.join(' '));
      else setPreviewError(error);
    } finally {
      setAsking(false);
    }
  });
  const answer = (change: boolean) => {
    setQuestion(null);
    if (change) controller.onSubmit();
  };

  return (
    <ApiForm
      controller={{
        ...controller,
        onSubmit: (event?: FormEvent<HTMLFormElement>) => askFirst(event),
        pending: controller.pending || asking,
        formError: previewError ?? controller.formError,
      }}
      label="VAT rate"
      actions={
        <FormButtons
          submitLabel="Save VAT rate"
          cancelLabel="Undo"
          onCancel={() => form.reset()}
          pending={controller.pending || asking}
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
      <VatQuestion preview={question} onAnswer={answer} />
    </ApiForm>
  );
}
