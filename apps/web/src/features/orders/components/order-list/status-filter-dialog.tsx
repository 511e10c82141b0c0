import { Button, Group, Radio, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';

import { Dialog, statusLabel } from '@/ui';

import { LINE_STATUS_FILTERS, type LineStatusFilter } from './list-options';

const ANY = 'any';

export type StatusFilterDialogProps = {
  value: LineStatusFilter | undefined;
  onChange: (value: LineStatusFilter | undefined) => void;
};

/** The 'Filter' button and its dialog: one line status, or any. */
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
        {value ? `Filter: ${statusLabel(value)}` : 'Filter'}
      </Button>
      <Dialog opened={opened} onClose={close} title="Filter orders" centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <Radio.Group label="Line status" value={choice} onChange={setChoice}>
            <Stack gap="xs" mt="xs">
              <Radio value={ANY} label="Any" data-autofocus={choice === ANY || undefined} />
              {LINE_STATUS_FILTERS.map((f) => (
                <Radio key={f} value={f} label={statusLabel(f)} data-autofocus={choice === f || undefined} />
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
