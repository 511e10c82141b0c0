import { Group } from '@mantine/core';

import { orderExportFileName, orderRoutes } from '@bloomline/contract';

import { pathOf } from '@/api/call';
import { DownloadButton } from '@/ui';
import type { OrderListParams } from '@/lib/query-keys';

import { withoutPage } from '../../api/bulk-orders';
import { SavedViewTabs } from '../views/saved-view-tabs';

/**
 * What sits above every order list (issue 40): the saved views as tabs, and the export of what the list shows
 * (every page of it, for the same filter, sort and search) as the kit's download with its progress.
 */
export function OrderListTools({ params }: { params: OrderListParams }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
      <SavedViewTabs params={params} />
      <DownloadButton
        path={pathOf(orderRoutes.list)}
        query={withoutPage(params)}
        accept="text/csv"
        fallbackName={orderExportFileName(params.filter)}
        size="xs"
      >
        Export CSV
      </DownloadButton>
    </Group>
  );
}
