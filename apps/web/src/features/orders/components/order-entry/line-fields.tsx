import {
  ActionIcon,
  Button,
  Group,
  Image,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';

import { ORDER_ENTRY_LIMITS } from '@bloomline/contract';

import { variantChoices, variantLookupQuery, type VariantChoice } from '@/api/lookups/order-entry';
import { errorMessage, formatMoney, FormSection, MoneyInput, moneyText, RemoteSelect } from '@/ui';

import { emptyLine, type EntryValues } from './entry-values';

/** A variant in the picker: its product's picture, its name and its retail price. */
function VariantOption({ option }: { option: VariantChoice }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {option.picture ? (
        <Image src={option.picture} alt="" w={40} h={40} radius="sm" fit="cover" />
      ) : (
        <Paper w={40} h={40} bg="gray.1" radius="sm" aria-hidden />
      )}
      <Stack gap={0}>
        <Text size="sm">{option.label}</Text>
        <Text size="xs">{formatMoney(option.price)}</Text>
      </Stack>
    </Group>
  );
}

/**
 * The items: for each, a product picked from the catalogue (its picture and retail price shown), how many, the
 * value each (the retail price to start with, editable), a gift message and a custom name.
 */
export function LineFields({ form }: { form: UseFormReturnType<EntryValues> }) {
  const { lines } = form.getValues();
  const full = lines.length >= ORDER_ENTRY_LIMITS.lines;
  return (
    <FormSection title="Items">
      {lines.map((line, i) => {
        const at = `lines.${String(i)}`;
        const title = line.label || `Item ${String(i + 1)}`;
        return (
          <Paper
            key={line.key}
            withBorder
            radius="sm"
            p="sm"
            component="fieldset"
            aria-label={title}
            style={{ minWidth: 0 }}
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <RemoteSelect
                  style={{ flex: 1, minWidth: 0 }}
                  label="Product"
                  required
                  placeholder="Search the catalogue"
                  value={line.productVariantId}
                  current={line.productVariantId ? { value: line.productVariantId, label: line.label } : null}
                  onChange={(value, option) => {
                    const picked = option as VariantChoice | null;
                    form.setFieldValue(`${at}.productVariantId`, value);
                    form.setFieldValue(`${at}.label`, picked?.label ?? '');
                    form.setFieldValue(`${at}.picture`, picked?.picture ?? null);
                    // The retail price to start with; a value already typed is left as it is.
                    if (picked && !form.getValues().lines[i]!.value.trim())
                      form.setFieldValue(`${at}.value`, moneyText(picked.price));
                  }}
                  query={variantLookupQuery}
                  options={variantChoices}
                  renderOption={({ option }) => <VariantOption option={option as VariantChoice} />}
                  searching="Searching…"
                  nothingFound="No active product of that name."
                  allowDeselect={false}
                  error={form.errors[`${at}.productVariantId`]}
                  loadError={errorMessage}
                />
                {lines.length > 1 && (
                  <ActionIcon
                    variant="default"
                    size="lg"
                    mt={25}
                    aria-label={`Remove ${title}`}
                    onClick={() => form.removeListItem('lines', i)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                <NumberInput
                  label="Quantity"
                  required
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  {...form.getInputProps(`${at}.quantity`)}
                />
                <MoneyInput label="Value each" required {...form.getInputProps(`${at}.value`)} />
                <TextInput label="Custom name" {...form.getInputProps(`${at}.customName`)} />
              </SimpleGrid>
              <Textarea
                label="Gift message"
                autosize
                minRows={1}
                {...form.getInputProps(`${at}.giftMessage`)}
              />
            </Stack>
          </Paper>
        );
      })}
      {form.errors.lines && (
        <Text c="red.9" size="sm" role="alert">
          {form.errors.lines}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={full}
          onClick={() => form.insertListItem('lines', emptyLine())}
        >
          Add item
        </Button>
        {full && <Text size="sm">An order can have at most {ORDER_ENTRY_LIMITS.lines} items.</Text>}
      </Group>
    </FormSection>
  );
}
