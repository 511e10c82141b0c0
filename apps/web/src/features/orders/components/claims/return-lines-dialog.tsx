import { NativeSelect, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import {
  fillMessage,
  openReturnBody,
  RETURN_REASONS,
  type OrderDetail,
  type ReturnDetail,
} from '@bloomline/contract';

import { ApiError, isApiError } from '@/api/client';
import { useIdempotencyKey } from '@/api/idempotency';
import { paths } from '@/lib/paths';
import { ApiForm, Dialog, useApiForm, type ClientSchema } from '@/ui';

import { openReturn } from '../../api/open-claims';
import { invalidateOrder } from '../../api/invalidate-order';
import { claimableLines, type ClaimableLine } from './claimable-lines';

export const RETURN_LINES = 'Return lines';
export const RETURN_OPENED = 'Return opened.';

/** A field per line, named by its id, so a refusal lands under the line it is about. */
type Values = Record<string, string>;
const q = (id: number) => `quantity_${String(id)}`;
const reason = (id: number) => `reason_${String(id)}`;
const note = (id: number) => `note_${String(id)}`;

/** The lines with a quantity chosen, in the order shown: the body's `lines`. */
const chosen = (lines: readonly ClaimableLine[], values: Values) =>
  lines.filter((l) => Number(values[q(l.id)] ?? 0) > 0);

const bodyOf = (lines: readonly ClaimableLine[], values: Values) => ({
  lines: chosen(lines, values).map((l) => ({
    orderLineId: l.id,
    quantity: Number(values[q(l.id)]),
    reason: values[reason(l.id)] ?? '',
    note: values[note(l.id)] ?? '',
  })),
});

/** `lines.2.reason` of the body is the field of the third chosen line. */
function fieldOf(lines: readonly ClaimableLine[], values: Values, key: string): string {
  const match = /^lines\.(\d+)\.(\w+)$/.exec(key);
  const line = match ? chosen(lines, values)[Number(match[1])] : undefined;
  if (!match || !line) return key;
  const part = match[2];
  return part === 'reason' ? reason(line.id) : part === 'note' ? note(line.id) : q(line.id);
}

function schemaFor(lines: readonly ClaimableLine[]): ClientSchema {
  return {
    safeParse: (raw) => {
      const values = raw as Values;
      const result = openReturnBody.safeParse(bodyOf(lines, values));
      if (result.success) return { success: true };
      const issues = result.error.issues.map((issue) => {
        const key = issue.path.map(String).join('.');
        // No line chosen: said under the first line's quantity.
        const field = key === 'lines' && lines[0] ? q(lines[0].id) : fieldOf(lines, values, key);
        // Filled on the body's own path ("Reason is required."), before it moves to the line's field.
        const message =
          key === 'lines' ? 'Choose how many of a line came back.' : fillMessage(issue.message, issue.path);
        return { path: [field], message };
      });
      return { success: false, error: { issues } };
    },
  };
}

export type ReturnLinesDialogProps = { order: OrderDetail; opened: boolean; onClose: () => void };

/** Staff open a return from the order page: how many of each delivered line came back, and why. */
export function ReturnLinesDialog({ order, opened, onClose }: ReturnLinesDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={RETURN_LINES} size="lg">
      {opened && <ReturnLinesForm order={order} onClose={onClose} />}
    </Dialog>
  );
}

function ReturnLinesForm({ order, onClose }: Omit<ReturnLinesDialogProps, 'opened'>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const lines = claimableLines(order);
  const initialValues: Values = Object.fromEntries(
    lines.flatMap((l) => [
      [q(l.id), '0'],
      [reason(l.id), ''],
      [note(l.id), ''],
    ]),
  );
  const once = useIdempotencyKey();
  const controller = useApiForm<Values, ReturnDetail>({
    initialValues,
    schema: schemaFor(lines),
    submit: async (values) => {
      try {
        return await openReturn(order.id, bodyOf(lines, values), once.key);
      } catch (error) {
        // The server's bag is keyed by the body's lines: put each message under its line's field.
        if (isApiError(error) && error.isValidation)
          throw new ApiError(
            error.status,
            error.message,
            Object.fromEntries(
              Object.entries(error.errors).map(([key, messages]) => [fieldOf(lines, values, key), messages]),
            ),
            error.body,
          );
        throw error;
      }
    },
    confirmation: RETURN_OPENED,
    guardUnsaved: false,
    onSuccess: async (opened) => {
      onClose();
      await invalidateOrder(queryClient, order.id);
      await navigate(paths.return(opened.id));
    },
  });
  const { form } = controller;

  return (
    <ApiForm
      controller={controller}
      label={RETURN_LINES}
      buttons={{ submitLabel: 'Open return', onCancel: onClose }}
    >
      <Text size="sm">
        Choose how many of each delivered line the customer sent back and why. The return stays open until it
        is processed; who bears the cost is decided then.
      </Text>
      <Stack gap="sm">
        {lines.map((l, i) => (
          <Paper key={l.id} withBorder radius="md" p="sm" component="fieldset" style={{ minWidth: 0 }}>
            <Text component="legend" size="sm" fw={600} px={4}>
              {l.title}
              {l.partner ? ` (${l.partner})` : ''}
            </Text>
            <Stack gap="xs">
              <NativeSelect
                label="Quantity returned"
                description={
                  l.left === 0 ? 'All of it has already been returned.' : `At most ${String(l.left)}.`
                }
                data={Array.from({ length: l.left + 1 }, (_, n) => String(n))}
                disabled={l.left === 0}
                data-autofocus={i === 0 || undefined}
                {...form.getInputProps(q(l.id))}
              />
              {Number(form.getValues()[q(l.id)]) > 0 && (
                <>
                  <Select
                    label="Reason"
                    required
                    placeholder="Choose a reason"
                    data={[...RETURN_REASONS]}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps(reason(l.id))}
                  />
                  <TextInput label="Note" description="Optional." {...form.getInputProps(note(l.id))} />
                </>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </ApiForm>
  );
}
