import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { VariantComponentRateBody, VariantQuantityBody } from '@bloomline/contract';
import { productRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { componentRateKeys, invalidateResources, productKeys } from '@/lib/query-keys';

/** POST: the component's rate in that profit centre joins the variant's recipe (a 422 names the field). */
export const addRecipeLine = (variantId: number, values: VariantComponentRateBody) =>
  call(productRoutes.addRecipeLine, { params: { id: variantId }, body: values }).then((r) => r.data);

/** PUT: a new quantity for one line of the recipe. */
export const changeRecipeQuantity = (variantId: number, lineId: number, values: VariantQuantityBody) =>
  call(productRoutes.changeRecipeQuantity, { params: { id: variantId, rateId: lineId }, body: values }).then(
    (r) => r.data,
  );

export const deleteRecipeLine = (variantId: number, lineId: number) =>
  call(productRoutes.removeRecipeLine, { params: { id: variantId, rateId: lineId } });

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
