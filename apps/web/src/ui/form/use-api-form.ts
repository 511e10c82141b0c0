import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useBlocker, type Blocker } from 'react-router';

import { parseMoney, parsePercent, toErrorBag, type ErrorBag, type Parsed } from '@bloomline/contract';

import { isApiError } from '@/api/client';

type Issue = { path: readonly PropertyKey[]; message: string };
/** What the form needs of a contract schema (any zod schema fits), without a zod import in the web. */
export type ClientSchema = {
  safeParse: (values: unknown) => { success: true } | { success: false; error: { issues: readonly Issue[] } };
};

/** Whether the form's values hold a field at this path ('name', 'recipient.city', 'lines.0.quantity'). */
function holds(values: unknown, path: string): boolean {
  let at: unknown = values;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object' || !(part in at)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * A bag's messages for one field, joined, as Mantine shows a field's error: a field the form holds (nested
 * ones too, keyed by their path as the server keys them) gets its messages; the rest go above the buttons.
 */
function bagToFormErrors(bag: ErrorBag, values: unknown): { known: FormErrors; rest: string[] } {
  const known: FormErrors = {};
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(bag)) {
    if (holds(values, field)) known[field] = messages.join(' ');
    else rest.push(...messages);
  }
  return { known, rest };
}

/** The contract schema's verdict on the values, in the server's words, keyed like the 422 bag. */
export function schemaErrors(schema: ClientSchema, values: unknown): FormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(toErrorBag(result.error.issues)).map(([field, messages]) => [field, messages.join(' ')]),
  );
}

/** How a typed number field reads: money ('R 1 234,56') or a percentage ('12,5 %'). */
export type TypedNumberKind = 'money' | 'percent';
const PARSERS: Record<TypedNumberKind, (typed: string) => Parsed> = {
  money: parseMoney,
  percent: parsePercent,
};

/**
 * The contract's body schema for a form whose money and percent fields hold the text typed: each such field
 * that is not blank is read with the contract's parser first (its refusal, in the contract's words, goes under
 * the field), then the body the form would send is checked. One way for every form, so "12,50,1" is refused
 * the same under any money or percent field.
 */
export function typedNumbersSchema<Values extends Record<string, unknown>>(
  schema: ClientSchema,
  toBody: (values: Values) => unknown,
  fields: Partial<Record<keyof Values & string, TypedNumberKind>>,
): ClientSchema {
  return {
    safeParse: (raw) => {
      const values = raw as Values;
      const issues: Issue[] = [];
      for (const [field, kind] of Object.entries(fields) as [string, TypedNumberKind][]) {
        const typed = values[field];
        if (typeof typed !== 'string' || typed.trim() === '') continue;
        const parsed = PARSERS[kind](typed);
        if (!parsed.ok) issues.push({ path: [field], message: parsed.message });
      }
      const result = schema.safeParse(toBody(values));
      const refused = new Set(issues.map((i) => String(i.path[0])));
      if (!result.success) issues.push(...result.error.issues.filter((i) => !refused.has(String(i.path[0]))));
      return issues.length === 0 ? { success: true } : { success: false, error: { issues } };
    },
  };
}

/** What every successful save says, unless the form says more (or, for a form that stays, nothing). */
export const SAVED_MESSAGE = 'Saved.';

export type UseApiFormOptions<Values extends Record<string, unknown>, Result> = {
  /** The record's values (or a new record's), named as the request's fields so a 422 bag lands on them. */
  initialValues: Values;
  /** The contract's body schema: checked before sending, with the messages the server would give. */
  schema?: ClientSchema;
  /** The call; it runs as a TanStack mutation. */
  submit: (values: Values) => Promise<Result>;
  /** After success (invalidate, navigate): leaving is no longer guarded by then. */
  onSuccess?: (result: Result, values: Values) => unknown;
  /** Ask before leaving with unsaved changes; on by default. */
  guardUnsaved?: boolean;
  /**
   * The one confirmation after a save (a toast that outlives the screen the form navigates from): "Saved." by
   * default, a message of the result's own, or false where the screen shows the outcome itself.
   */
  confirmation?: string | false | ((result: Result) => string);
};

export type ApiFormController<Values extends Record<string, unknown>> = {
  form: UseFormReturnType<Values>;
  /** For the <form>'s onSubmit: client checks, then the call. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  /** A failure that belongs to no field (anything but a 422, or a 422 on a field the form lacks). */
  formError: unknown;
  /** Blocks leaving while there are unsaved changes; UnsavedChangesDialog asks the user. */
  blocker: Blocker;
};

/**
 * The one way a form talks to the API (after bulletproof-react's Form): Mantine form state, the contract's
 * client checks (each field as it is left, all on submit), submit through a mutation, one confirmation after
 * a save, a 422 bag onto the fields, any other failure in one FormError, and a prompt before leaving with
 * unsaved changes.
 */
export function useApiForm<Values extends Record<string, unknown>, Result>({
  initialValues,
  schema,
  submit,
  onSuccess,
  guardUnsaved = true,
  confirmation = SAVED_MESSAGE,
}: UseApiFormOptions<Values, Result>): ApiFormController<Values> {
  // Set once saved, so the navigation that follows a success is never held up; any new edit clears it.
  const saved = useRef(false);
  const form = useForm<Values>({
    initialValues,
    validate: schema ? (values) => schemaErrors(schema, values) : undefined,
    // A field is checked as it is left, so a bound (too long, not an amount) shows under it before saving.
    validateInputOnBlur: schema !== undefined,
    onValuesChange: () => {
      saved.current = false;
    },
  });
  const [formError, setFormError] = useState<unknown>(null);

  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: async (result, values) => {
      saved.current = true;
      // What was saved is the new clean state, should the screen stay.
      form.resetDirty(values);
      if (confirmation !== false) {
        const message = typeof confirmation === 'function' ? confirmation(result) : confirmation;
        // Mantine's close button has no name of its own; a screen reader (and axe) needs one.
        notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': 'Dismiss' } });
      }
      await onSuccess?.(result, values);
    },
    onError: (error) => {
      if (isApiError(error) && error.isValidation) {
        const { known, rest } = bagToFormErrors(error.errors, form.getValues());
        form.setErrors(known);
        setFormError(rest.length > 0 ? rest.join(' ') : null);
        return;
      }
      setFormError(error);
    },
  });

  const dirty = guardUnsaved && form.isDirty();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (saved.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const onSubmit = form.onSubmit((values) => {
    setFormError(null);
    mutation.mutate(values);
  });

  return { form, onSubmit, pending: mutation.isPending, formError, blocker };
}
