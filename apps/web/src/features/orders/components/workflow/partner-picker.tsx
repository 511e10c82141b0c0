import { Button, Radio, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';

import type { PartnerCandidate } from '@bloomline/contract';

import { SearchInput, errorMessage } from '@/ui';

import { CandidateOption } from './candidate-option';
import { useWorkflowForm, WorkflowForm } from './workflow-form';

export type PartnerPickerProps<Key extends QueryKey> = {
  /** The candidates' query for the switch and the search (the line's, or a group of orders'). */
  candidatesQuery: (
    all: boolean,
    q: string,
  ) => UseQueryOptions<PartnerCandidate[], Error, PartnerCandidate[], Key>;
  /** What the assignment does, above the choices. */
  intro: ReactNode;
  /** Which partners the list holds, under the switch: every one, or only local ones. */
  scope: (all: boolean) => string;
  /** The field a 422 names (the route's body). */
  field: 'partner_id' | 'partnerId';
  onAssign: (partnerId: number) => Promise<unknown>;
  onClose: () => void;
};

/**
 * One partner chosen from candidates, nearest first: local ones by default, every one with the switch, searched
 * by name. The reassign dialog (one line) and the bulk assign (a group of orders) both choose with it.
 */
export function PartnerPicker<Key extends QueryKey>({
  candidatesQuery,
  intro,
  scope,
  field,
  onAssign,
  onClose,
}: PartnerPickerProps<Key>) {
  const scopeId = useId();
  const [all, setAll] = useState(false);
  const [q, setQ] = useState('');
  const candidates = useQuery(candidatesQuery(all, q));
  const controller = useWorkflowForm<Record<string, string | null>>({
    // The partner's id, under the request's own field name, so a 422 on it shows under the choice.
    initialValues: { [field]: null },
    send: (values) => onAssign(Number(values[field])),
    onClose,
  });
  const selected = controller.form.getValues()[field] ?? null;
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
      controller={controller}
      ready={chosen !== null}
      field={field}
      submitLabel="Assign"
      onClose={onClose}
    >
      <Text size="sm">{intro}</Text>
      <div>
        <Switch
          label="Show all partners"
          checked={all}
          onChange={(e) => setAll(e.currentTarget.checked)}
          aria-describedby={scopeId}
        />
        <Text id={scopeId} size="xs" c="dimmed" mt={4}>
          {scope(all)}
        </Text>
      </div>
      <SearchInput value={q} onSearch={setQ} label="Search partners" placeholder="Search partners" />
      <Radio.Group
        value={chosen}
        onChange={(id) => controller.form.setFieldValue(field, id)}
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
