import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import type { AuditRecordType, Product } from '@bloomline/contract';

import { PageTitle, RecordHistoryLink, type Breadcrumb } from '@/ui';
import { RecordState } from '@/ui/form';
import { paths } from '@/lib/paths';

import { useProduct } from '../api/get-product';

export const PRODUCTS_CRUMB: Breadcrumb = { label: 'PRODUCTS', to: paths.products.list };
export const MISSING_PRODUCT = 'This product does not exist. It may have been removed.';

export type ProductFrameProps = {
  /** The title and breadcrumbs once the product is there (and while it loads, without it). */
  heading: (product: Product | undefined) => {
    title: string;
    breadcrumbs: Breadcrumb[];
    /** The record whose audit entries History opens: the product, or the variant on a variant's screen. */
    history?: { type: AuditRecordType; id: number };
  };
  children: (product: Product) => ReactNode;
};

/**
 * The screens of one product (/products/{productId}/…): its title and breadcrumbs, a spinner while it
 * loads, a sentence when there is no such product, the error with Retry, then the screen.
 */
export function ProductFrame({ heading, children }: ProductFrameProps) {
  const product = useProduct(Number(useParams().productId));
  const { title, breadcrumbs, history } = heading(product.data);
  return (
    <Stack gap="md">
      <PageTitle
        title={title}
        breadcrumbs={breadcrumbs}
        actions={history && <RecordHistoryLink type={history.type} id={history.id} />}
      />
      <RecordState query={product} record={product.data} missing={MISSING_PRODUCT}>
        {children}
      </RecordState>
    </Stack>
  );
}
