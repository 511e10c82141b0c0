import { useMutation, useQueryClient } from '@tanstack/react-query';

import type {
  VariantComponentRate,
  VariantComponentRateBody,
  VariantQuantityBody,
} from '@bloomline/contract';

import { api } from '@/api/client';
import { componentRateKeys, invalidateResources } from '@/lib/query-keys';

import { productKeys } from './product-keys';

const linesPath = (variantId: number) => `/api/product-variants/${variantId}/component-rates`;

/** POST: the component's rate in that profit centre joins the variant's recipe (a 422 names the field). */
export const addRecipeLine = (variantId: number, values: VariantComponentRateBody) =>
  api.post<{ data: VariantComponentRate }>(linesPath(variantId), values).then((r) => r.data);

/** PUT: a new quantity for one line of the recipe. */
export const changeRecipeQuantity = (variantId: number, lineId: number, values: VariantQuantityBody) =>
  api.put<{ data: VariantComponentRate }>(`${linesPath(variantId)}/${lineId}`, values).then((r) => r.data);

export const deleteRecipeLine = (variantId: number, lineId: number) =>
  api.delete<void>(`${linesPath(variantId)}/${lineId}`);

/**
 * After a recipe change: the product (its variants' prices follow the recipe) and the lists that show it,
 * and the component rates, which now count one more or one fewer variant.
 */
export const afterRecipeChange = (queryClient: ReturnType<typeof useQueryClient>, productId: number) =>
  invalidateResources(queryClient, [{ keys: productKeys, id: productId }, componentRateKeys]);

export function useChangeRecipeQuantity(productId: number, variantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, quantity }: { lineId: number; quantity: VariantQuantityBody['quantity'] }) =>
      changeRecipeQuantity(variantId, lineId, { quantity }),
    onSuccess: () => afterRecipeChange(queryClient, productId),
  });
}

export function useDeleteRecipeLine(productId: number, variantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: number) => deleteRecipeLine(variantId, lineId),
    onSuccess: () => afterRecipeChange(queryClient, productId),
  });
}
