import { Button, Radio, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { useId, useState } from 'react';

import { LINE_ACTIONS } from '@bloomline/contract';

import { Dialog, SearchInput, errorMessage } from '@/ui';

import { useLineCandidates } from '../../api/get-line-candidates';
import { CandidateOption } from './candidate-option';
import { WorkflowForm } from './workflow-form';

export const REASSIGN_TITLE = 'Assign partner';

export type ReassignDialogProps = {
  opened: boolean;
  onClose: () => void;
  lineId: number;
  /** Posts {partner_id}; a 422 keeps the dialog open with the errors for `partner_id`. */
  onAssign: (partnerId: number) => Promise<unknown>;
};

export function ReassignDialog({ opened, onClose, lineId, onAssign }: ReassignDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={REASSIGN_TITLE} centered>
      {opened && <ReassignForm lineId={lineId} onClose={onClose} onAssign={onAssign} />}
    </Dialog>
  );
}

function ReassignForm({ lineId, onClose, onAssign }: Omit<ReassignDialogProps, 'opened'>) {
  const scopeId = useId();
  const [all, setAll] = useState(false);
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const candidates = useLineCandidates(lineId, all, q);
  // A choice hidden by a new search or by the switch is no longer a choice.
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
      field="partner_id"
      submitLabel="Assign"
      onClose={onClose}
    >
      <Text size="sm">{LINE_ACTIONS.assign.confirm}</Text>
      <div>
        <Switch
          label="Show all partners"
          checked={all}
          onChange={(e) => setAll(e.currentTarget.checked)}
          aria-describedby={scopeId}
        />
        <Text id={scopeId} size="xs" c="dimmed" mt={4}>
          {all ? 'Every partner, nearest first.' : 'Partners who deliver to this address, nearest first.'}
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
