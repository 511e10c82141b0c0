import { Button, Group, Loader, Radio, Stack, Text, Textarea } from '@mantine/core';

import { rejectBody, toErrorBag } from '@bloomline/contract';

import { Dialog, errorMessage } from '@/ui';

import { useRejectReasons } from '../../api/get-reject-reasons';
import { useWorkflowForm, WorkflowForm } from './workflow-form';

export const OTHER_REASON = 'Other';

/** What is sent: the listed reason chosen, or the words typed for Other. */
const reasonOf = ({ reason, other }: { reason: string | null; other: string }) =>
  reason === OTHER_REASON ? other.trim() : (reason ?? '');

export type RejectDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: 'Reject order' | 'Reject item';
  /** The workflow table's text for the action, shown above the reasons. */
  description?: string;
  /** Sends the reason; a 422 keeps the dialog open with the errors for `reason`. */
  onSubmit: (reason: string) => Promise<unknown>;
};

/** Reasons from the server plus 'Other', which asks for the reason in words. */
export function RejectDialog({ opened, onClose, title, description, onSubmit }: RejectDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} centered>
      {/* Mounted only while open, so every opening starts with a clean form. */}
      {opened && <RejectForm onClose={onClose} description={description} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function RejectForm({ onClose, description, onSubmit }: Omit<RejectDialogProps, 'opened' | 'title'>) {
  const reasons = useRejectReasons();
  const controller = useWorkflowForm({
    // `reason` is the choice (a listed reason, or Other); the words typed for Other are sent in its place.
    initialValues: { reason: null as string | null, other: '' },
    send: (values) => onSubmit(reasonOf(values)),
    onClose,
  });
  const { form } = controller;
  const values = form.getValues();

  const isOther = values.reason === OTHER_REASON;
  const reason = reasonOf(values);
  // The contract's bound, shown under the field as it is typed (nothing is cut), in the server's words.
  const checked = isOther && reason !== '' ? rejectBody.safeParse({ reason: values.other }) : null;
  const refused = checked && !checked.success ? toErrorBag(checked.error.issues) : null;
  const ready = reason.length > 0 && refused === null;

  return (
    <WorkflowForm
      controller={controller}
      ready={ready}
      field="reason"
      refused={refused}
      submitLabel="Submit"
      onClose={onClose}
    >
      {description && <Text size="sm">{description}</Text>}
      <Radio.Group
        label="Reason"
        value={values.reason}
        onChange={(choice) => form.setFieldValue('reason', choice)}
        required
      >
        <Stack gap="xs" mt="xs">
          {reasons.isPending && (
            <Group gap="xs">
              <Loader size="xs" aria-hidden />
              <Text size="sm">loading ...</Text>
            </Group>
          )}
          {reasons.isError && (
            <Text size="sm" c="red.9">
              Could not load the reasons: {errorMessage(reasons.error)}{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => void reasons.refetch()}>
                Retry
              </Button>
            </Text>
          )}
          {reasons.data?.map((r) => (
            <Radio key={r} value={r} label={r} />
          ))}
          <Radio value={OTHER_REASON} label={OTHER_REASON} />
        </Stack>
      </Radio.Group>
      {isOther && (
        <Textarea
          label="Other reason"
          value={values.other}
          onChange={(e) => form.setFieldValue('other', e.currentTarget.value)}
          autosize
          minRows={2}
          required
          data-autofocus
        />
      )}
    </WorkflowForm>
  );
}
