import { Button, Radio, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { useId, useState } from 'react';

import { LINE_ACTIONS } from '@bloomline/contract';

import { Dialog, SearchInput, errorMessage } from '@/ui';

import { useGroupCandidates } from '../../api/bulk-orders';
import { CandidateOption } from '../workflow/candidate-option';
import { WorkflowForm } from '../workflow/workflow-form';

export const GROUP_ASSIGN_TITLE = 'Assign the unassigned items';

export type GroupAssignDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The selected orders: their open unassigned lines go to the partner chosen. */
  ids: readonly number[];
  /** Sends the bulk assign; a 422 keeps the dialog open with the errors for `partnerId`. */
  onAssign: (partnerId: number) => Promise<unknown>;
};

/** Staff: one partner for the unassigned items of many orders, chosen as the reassign dialog chooses for one. */
export function GroupAssignDialog({ opened, onClose, ids, onAssign }: GroupAssignDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={GROUP_ASSIGN_TITLE} centered>
      {opened && <GroupAssignForm ids={ids} onClose={onClose} onAssign={onAssign} />}
    </Dialog>
  );
}

function GroupAssignForm({ ids, onClose, onAssign }: Omit<GroupAssignDialogProps, 'opened'>) {
  const scopeId = useId();
  const [all, setAll] = useState(false);
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const candidates = useGroupCandidates(ids, all, q);
  const chosen = candidates.data?.some((c) => String(c.partner.id) === selected) ? selected : null;

  let list;
  if (candidates.isPending) list = <Text size="sm">loading ...</Text>;
  else if (candidates.isError)
    list = (
      <Text size="sm" c="red.9">
        {errorMessage(candidates.error)}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void candidates.refetch()}>
          Retry
        </Button>
      </Text>
    );
  else if (candidates.data.length === 0) list = <Text size="sm">Nothing found.</Text>;
  else
    list = (
      <Stack gap={6}>
        {candidates.data.map((c) => (
          <CandidateOption key={c.partner.id} candidate={c} />
        ))}
      </Stack>
    );

  return (
    <WorkflowForm
      send={chosen === null ? null : () => onAssign(Number(chosen))}
      field="partnerId"
      submitLabel="Assign"
      onClose={onClose}
    >
      <Text size="sm">
        {`The open items without a partner of the ${String(ids.length)} selected order${ids.length === 1 ? '' : 's'} go to one partner. `}
        {LINE_ACTIONS.assign.confirm}
      </Text>
      <div>
        <Switch
          label="Show all partners"
          checked={all}
          onChange={(e) => setAll(e.currentTarget.checked)}
          aria-describedby={scopeId}
        />
        <Text id={scopeId} size="xs" c="dimmed" mt={4}>
          {all
            ? 'Every partner, by the distance to the farthest delivery.'
            : 'Partners who deliver to every one of these addresses, by the distance to the farthest.'}
        </Text>
      </div>
      <SearchInput value={q} onSearch={setQ} label="Search partners" placeholder="Search partners" />
      <Radio.Group
        value={chosen}
        onChange={setSelected}
        label="Partner"
        aria-busy={candidates.isFetching || undefined}
      >
        <ScrollArea.Autosize mah={240} type="auto" offsetScrollbars mt="xs">
          {list}
        </ScrollArea.Autosize>
      </Radio.Group>
    </WorkflowForm>
  );
}
