import { Checkbox, TextInput } from '@mantine/core';

import type { SavedView } from '@bloomline/contract';
import { savedViewBody, savedViewUpdate } from '@bloomline/contract';

import { ApiForm, Dialog, useApiForm } from '@/ui';

import { useSaveView, useUpdateView } from '../../api/saved-views';

export type SaveViewDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The list's filters to save (a new view), or the view to rename. */
  query: string;
  renaming?: SavedView | null;
  /** Staff may share a view with all staff. */
  canShare: boolean;
  onSaved?: (view: SavedView) => void;
};

/** Names the current filters as a view (staff may share it), or renames one of the user's own views. */
export function SaveViewDialog(props: SaveViewDialogProps) {
  const { opened, onClose, renaming } = props;
  return (
    <Dialog opened={opened} onClose={onClose} title={renaming ? 'Rename view' : 'Save view'} centered>
      {opened && <ViewForm {...props} />}
    </Dialog>
  );
}

function ViewForm({ onClose, query, renaming, canShare, onSaved }: SaveViewDialogProps) {
  const save = useSaveView();
  const update = useUpdateView();
  const controller = useApiForm({
    initialValues: { list: 'orders' as const, name: renaming?.name ?? '', query, shared: false },
    schema: renaming ? savedViewUpdate : savedViewBody,
    guardUnsaved: false,
    submit: (values): Promise<SavedView> =>
      renaming
        ? update.mutateAsync({ id: renaming.id, name: values.name })
        : save.mutateAsync({ ...values, shared: canShare && values.shared }),
    onSuccess: (view) => {
      onSaved?.(view);
      onClose();
    },
  });
  return (
    <ApiForm
      controller={controller}
      label={renaming ? 'Rename view' : 'Save view'}
      buttons={{ submitLabel: renaming ? 'Rename' : 'Save view', onCancel: onClose }}
    >
      <TextInput
        label="Name"
        description={renaming ? undefined : 'The tab above the order lists that opens these filters.'}
        required
        data-autofocus
        {...controller.form.getInputProps('name')}
      />
      {canShare && !renaming && (
        <Checkbox
          label="Share with all staff"
          {...controller.form.getInputProps('shared', { type: 'checkbox' })}
        />
      )}
    </ApiForm>
  );
}
