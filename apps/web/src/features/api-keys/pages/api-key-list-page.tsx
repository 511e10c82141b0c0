import { Badge, Button, Group, Text, useMantineTheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { API_KEY_TEXTS, type ApiKey } from '@bloomline/contract';

import { actionsColumn, ConfirmAction, DateText, filledColours, ListPage, type DataColumn } from '@/ui';

import { useApiKeys, useRevokeApiKey } from '../api/api-key-queries';
import { NewKeyDialog } from '../components/new-key-dialog';

export const API_KEYS_TITLE = 'API keys';

/** System → API keys (issue 34): the keys the shop sends orders with; staff add and revoke them. */
export function ApiKeyListPage() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [adding, add] = useDisclosure(false);
  // The key being replaced: the new one is made for the same shop (and partner), the old one revoked by hand.
  const [replacing, setReplacing] = useState<ApiKey | null>(null);
  const openNew = (key: ApiKey | null) => {
    setReplacing(key);
    add.open();
  };
  // Black or white text by contrast, as every status badge has (ui/contrast.ts).
  const live = filledColours(useMantineTheme(), 'green');

  const columns: DataColumn<ApiKey>[] = [
    { key: 'name', header: 'Name', render: (k) => k.name },
    { key: 'shop', header: 'Shop', render: (k) => k.shop },
    { key: 'partner', header: 'For partner', render: (k) => k.partner?.name ?? '—' },
    {
      key: 'prefix',
      header: 'Key',
      render: (k) => (
        <Text ff="monospace" size="sm" aria-label={`Key starting ${k.prefix}`}>
          {k.prefix}…
        </Text>
      ),
    },
    { key: 'created', header: 'Created', render: (k) => <DateText value={k.createdAt} format="datetime" /> },
    {
      key: 'used',
      header: 'Last used',
      render: (k) => (k.lastUsedAt ? <DateText value={k.lastUsedAt} format="datetime" /> : 'Never'),
    },
    {
      key: 'revoked',
      header: 'Revoked',
      render: (k) =>
        k.revokedAt ? (
          <DateText value={k.revokedAt} format="datetime" />
        ) : (
          <Badge variant="filled" color={live.background} c={live.text}>
            Live
          </Badge>
        ),
    },
    actionsColumn((k) => (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" variant="default" aria-label={`Replace ${k.name}`} onClick={() => openNew(k)}>
          Replace
        </Button>
        {!k.revokedAt && (
          <ConfirmAction
            size="xs"
            color="red.9"
            variant="default"
            label="Revoke"
            aria-label={`Revoke ${k.name}`}
            title="Revoke this key?"
            message={API_KEY_TEXTS.revokeConfirm(k.name)}
            confirmLabel="Revoke"
            onConfirm={() => revoke.mutateAsync(k.id)}
          />
        )}
      </Group>
    )),
  ];

  return (
    <>
      <ListPage
        title={API_KEYS_TITLE}
        breadcrumbs={[{ label: 'System' }, { label: API_KEYS_TITLE }]}
        actions={
          <Button onClick={() => openNew(null)} leftSection={<IconPlus size={16} aria-hidden />}>
            Add
          </Button>
        }
        empty="No API keys yet: add one for the shop."
        notice={
          <Text size="sm">
            The shop sends its orders to{' '}
            <Text span ff="monospace">
              POST /api/intake/orders
            </Text>{' '}
            with one of these keys, and reads one back with{' '}
            <Text span ff="monospace">
              GET /api/intake/orders/{'{externalId}'}
            </Text>
            . Order numbers are the shop's own: a key made to replace another names the same shop (Replace
            does). A partner's till key may send in-store orders placed by that partner only. A revoked key is
            refused at once.
          </Text>
        }
        columns={columns}
        rows={keys.data}
        rowKey={(k) => k.id}
        query={keys}
        minWidth={960}
      />
      <NewKeyDialog opened={adding} onClose={add.close} replacing={replacing} />
    </>
  );
}
