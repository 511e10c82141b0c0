import { Button, Group, Radio, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';

import { Dialog, statusName } from '@/ui';

import { LINE_STATUS_FILTERS, type LineStatusFilter } from './list-options';

const ANY = 'any';

export type StatusFilterDialogProps = {
  value: LineStatusFilter | undefined;
  onChange: (value: LineStatusFilter | undefined) => void;
};

/** The 'Filter' button and its dialog: orders with a line in one status, or any. */
export function StatusFilterDialog({ value, onChange }: StatusFilterDialogProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const [choice, setChoice] = useState<string>(value ?? ANY);

  const openDialog = () => {
    setChoice(value ?? ANY);
    open();
  };
  const apply = () => {
    onChange(LINE_STATUS_FILTERS.find((f) => f === choice));
    close();
  };

  return (
    <>
      <Button
        variant={value ? 'light' : 'default'}
        leftSection={<IconFilter size={16} aria-hidden />}
        onClick={openDialog}
      >
        {value ? `Filter: ${statusName(value)}` : 'Filter'}
      </Button>
      <Dialog opened={opened} onClose={close} title="Filter orders" centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <Radio.Group
            label="Line status"
            description="Orders with at least one line in this status."
            value={choice}
            onChange={setChoice}
          >
            <Stack gap="xs" mt="xs">
              <Radio value={ANY} label="Any" data-autofocus={choice === ANY || undefined} />
              {LINE_STATUS_FILTERS.map((f) => (
                <Radio key={f} value={f} label={statusName(f)} data-autofocus={choice === f || undefined} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Apply</Button>
          </Group>
        </form>
      </Dialog>
    </>
  );
}
