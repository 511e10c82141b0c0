import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { invalidateResources } from '@/lib/query-keys';

import { useApiForm, type ApiFormController, type UseApiFormOptions } from './use-api-form';
import { useGoBack } from './use-go-back';

export type UseRecordFormOptions<Values extends Record<string, unknown>, Result> = Omit<
  UseApiFormOptions<Values, Result>,
  'onSuccess'
> & {
  /** The list the form belongs to: where a save leads, and where Cancel goes when the page was opened cold. */
  list: string;
  /** Every resource a save touches (its own record first), so no screen keeps a stale copy. */
  touches: (result: Result) => Parameters<typeof invalidateResources>[1];
  /** Anything else a save changes, before the resources are refreshed. */
  onSaved?: (result: Result) => unknown;
};

export type RecordFormController<Values extends Record<string, unknown>> = ApiFormController<Values> & {
  /** Cancel: back one step, or to the list. */
  cancel: () => void;
};

/**
 * The form of a record on its own page (add or edit): useApiForm, and after a save the touched resources
 * invalidated and the list shown in the form's place (replace: Back does not return to the saved form).
 */
export function useRecordForm<Values extends Record<string, unknown>, Result>({
  list,
  touches,
  onSaved,
  ...options
}: UseRecordFormOptions<Values, Result>): RecordFormController<Values> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cancel = useGoBack(list);
  const controller = useApiForm({
    ...options,
    onSuccess: async (result) => {
      await onSaved?.(result);
      await invalidateResources(queryClient, touches(result));
      await navigate(list, { replace: true });
    },
  });
  return { ...controller, cancel };
}
