import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';

import { variantComponentRateBody } from '@bloomline/contract';

import { useProfitCentres } from '@/api/lookups/profit-centres';
import { ApiForm, useApiForm } from '@/ui';

import { addRecipeLine, afterRecipeChange } from '../api/recipe-lines';
import { ComponentPicker } from './component-picker';

type Values = { component_id: string | null; profit_centre_id: string | null; quantity: number | string };
const EMPTY: Values = { component_id: null, profit_centre_id: null, quantity: '' };

export type RecipeLineFormProps = { productId: number; variantId: number };

/**
 * Adds a component to the variant's recipe: the component's rate in the chosen profit centre, in a
 * quantity. All three are required; a 422 (no rate in that centre, already in the recipe) shows under its
 * field. The variant's price shown above follows once it is added.
 */
export function RecipeLineForm({ productId, variantId }: RecipeLineFormProps) {
  const queryClient = useQueryClient();
  const centres = useProfitCentres();
  const controller = useApiForm({
    initialValues: EMPTY,
    schema: variantComponentRateBody,
    submit: (values: Values) => addRecipeLine(variantId, values),
    onSuccess: async () => {
      // Empty again for the next line (resetDirty(EMPTY) first: reset() goes back to the last saved values).
      controller.form.resetDirty(EMPTY);
      controller.form.reset();
      await afterRecipeChange(queryClient, productId);
    },
    // A half-filled line is not worth a prompt on leaving: it is one short form.
    guardUnsaved: false,
  });
  const { form } = controller;

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Title order={2} size="h4" mb="sm">
        Add a component
      </Title>
      <ApiForm
        controller={controller}
        label="Add a component"
        actions={
          <Group justify="flex-end">
            <Button type="submit" loading={controller.pending}>
              Add
            </Button>
          </Group>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ComponentPicker
            value={form.values.component_id}
            onChange={(id) => form.setFieldValue('component_id', id)}
            error={form.errors.component_id}
          />
          <Select
            label="Profit centre"
            placeholder={centres.isError ? 'Could not load the profit centres' : 'Choose a profit centre'}
            required
            data={(centres.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('profit_centre_id')}
          />
          <NumberInput
            label="Quantity"
            required
            min={0}
            decimalScale={3}
            hideControls
            {...form.getInputProps('quantity')}
          />
        </SimpleGrid>
      </ApiForm>
    </Paper>
  );
}
