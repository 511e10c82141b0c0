import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { API_KEY_TEXTS, apiKeyBody, type ApiKey, type NewApiKey } from '@bloomline/contract';

import { partnerChoices, partnerLookupQuery } from '@/api/lookups/partners';
import { Dialog, errorMessage, FormError, RemoteSelect, useApiForm } from '@/ui';
import { apiKeyKeys, invalidateResources } from '@/lib/query-keys';

import { createApiKey } from '../api/api-key-queries';

export const NEW_KEY_TITLE = 'New API key';

/**
 * Add an API key: a name, its shop (the name when left blank) and, for a partner's till, the partner; then the
 * key itself, shown this once with a copy button. While the key shows, a click beside the dialog does not close
 * it (only Done does), so nobody loses a key they have not copied. Replacing a key opens it with that key's shop
 * and partner, so the shop's order numbers carry on with the new key.
 */
export function NewKeyDialog({
  opened,
  onClose,
  replacing = null,
}: {
  opened: boolean;
  onClose: () => void;
  replacing?: ApiKey | null;
}) {
  const [made, setMade] = useState<NewApiKey | null>(null);
  const close = () => {
    setMade(null);
    onClose();
  };
  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={made ? `API key "${made.name}"` : replacing ? `Replace "${replacing.name}"` : NEW_KEY_TITLE}
      closeOnClickOutside={made === null}
    >
      {made ? (
        <ShowKey made={made} onDone={close} />
      ) : (
        opened && <NameForm onMade={setMade} onCancel={close} replacing={replacing} />
      )}
    </Dialog>
  );
}

function NameForm({
  onMade,
  onCancel,
  replacing,
}: {
  onMade: (key: NewApiKey) => void;
  onCancel: () => void;
  replacing: ApiKey | null;
}) {
  const queryClient = useQueryClient();
  const partner = replacing?.partner ?? null;
  const controller = useApiForm<{ name: string; shop: string; partnerId: string | null }, NewApiKey>({
    initialValues: {
      name: replacing ? `${replacing.name} (new)` : '',
      shop: replacing?.shop ?? '',
      partnerId: partner ? String(partner.id) : null,
    },
    schema: apiKeyBody,
    submit: createApiKey,
    confirmation: (key) => `API key "${key.name}" made.`,
    onSuccess: async (key) => {
      onMade(key);
      await invalidateResources(queryClient, [apiKeyKeys]);
    },
    guardUnsaved: false,
  });
  const { form, pending } = controller;
  const values = form.getValues();
  return (
    <form onSubmit={controller.onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">Name the key after what will use it, such as the web shop.</Text>
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Shop"
          description={`Left blank, the key's name. ${API_KEY_TEXTS.shopHint}`}
          {...form.getInputProps('shop')}
        />
        <RemoteSelect
          label="For partner"
          description={API_KEY_TEXTS.partnerHint}
          placeholder="None (the shop's own key)"
          value={values.partnerId}
          onChange={(value) => form.setFieldValue('partnerId', value)}
          current={partner ? { value: String(partner.id), label: partner.name } : null}
          query={partnerLookupQuery}
          options={partnerChoices}
          searching="Searching…"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear partner' }}
          error={form.errors.partnerId}
          loadError={errorMessage}
        />
        <FormError error={controller.formError} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ShowKey({ made, onDone }: { made: NewApiKey; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        <Text size="sm" c="dark">
          {API_KEY_TEXTS.shownOnce}
        </Text>
      </Alert>
      <Code block aria-label="The new API key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {made.key}
      </Code>
      <Group justify="flex-end" gap="sm" mt="sm">
        <CopyButton value={made.key}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
