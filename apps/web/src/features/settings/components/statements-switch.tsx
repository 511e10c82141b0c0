import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { StatementsFeature } from '@bloomline/contract';

import { useSession } from '@/session/session-context';
import { errorMessage, SAVED_MESSAGE } from '@/ui';

import { saveStatementsFeature, statementsQuery } from '../api/settings';

export const STATEMENTS_HINT =
  'On: partner users with the statements permission see each month’s full statement (their balance, what ' +
  'was paid and deducted, and the detailed and summary PDFs). Off: they see a simple table of months with ' +
  'the orders they sent, without balances or PDFs.';

/** The statements view partners get, switched at once and confirmed. */
export function StatementsSwitch({ feature }: { feature: StatementsFeature }) {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const save = useMutation({
    mutationFn: saveStatementsFeature,
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(statementsQuery.queryKey, data);
      notifications.show({
        color: 'green',
        message: SAVED_MESSAGE,
        closeButtonProps: { 'aria-label': 'Dismiss' },
      });
      // The signed-in user's features (/api/me) say which view the statements screens draw.
      await refresh();
    },
  });
  return (
    <Switch
      label="Full monthly statements for partners"
      description={STATEMENTS_HINT}
      checked={save.isPending ? (save.variables ?? feature.statements) : feature.statements}
      disabled={save.isPending}
      onChange={(e) => save.mutate(e.currentTarget.checked)}
      error={save.isError ? errorMessage(save.error) : undefined}
    />
  );
}
