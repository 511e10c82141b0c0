import { Button, Text } from '@mantine/core';
import { IconDownload, IconMailForward, IconPackage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

import { partnerListQuery, partnerToggleMessage, type PartnerListItem } from '@bloomline/contract';

import { invalidateResources, partnerKeys } from '@/lib/query-keys';
import {
  cameFrom,
  actionsColumn,
  ConfirmAction,
  EditAction,
  EMPTY_TEXT,
  ListPage,
  useListParams,
  type DataColumn,
} from '@/ui';
import { paths } from '@/lib/paths';

import { exportPartners, usePartnerList } from '../api/get-partners';
import { togglePartner } from '../api/save-partner';
import { PartnersMap } from '../components/partners-map';

const TYPE_LABELS = { florist: 'Florist', courier: 'Courier' } as const;

function ToggleAction({ partner }: { partner: PartnerListItem }) {
  const queryClient = useQueryClient();
  const verb = partner.enabled ? 'Disable' : 'Enable';
  return (
    <ConfirmAction
      label={verb}
      aria-label={`${verb} ${partner.name}`}
      title={`${verb} partner`}
      message={partnerToggleMessage(partner)}
      confirmLabel={verb}
      size="compact-sm"
      variant="default"
      onConfirm={async () => {
        await togglePartner(partner.id);
        await invalidateResources(queryClient, [{ keys: partnerKeys, id: partner.id }]);
      }}
    />
  );
}

const columns: DataColumn<PartnerListItem>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (p) => (
      <Text size="sm" fw={500}>
        {p.name}
      </Text>
    ),
  },
  { key: 'city', header: 'City', render: (p) => p.city ?? EMPTY_TEXT },
  { key: 'province', header: 'Province', render: (p) => p.province ?? EMPTY_TEXT, visibleFrom: 'md' },
  { key: 'type', header: 'Type', render: (p) => TYPE_LABELS[p.partnerType], visibleFrom: 'sm' },
  { key: 'rating', header: 'Rating', render: (p) => p.rating, align: 'right', visibleFrom: 'sm' },
  { key: 'enabled', header: 'Enabled', render: (p) => (p.enabled ? 'Yes' : 'No') },
  actionsColumn((p) => (
    <>
      <Button
        component={Link}
        to={paths.partners.products(p.id)}
        size="compact-sm"
        variant="default"
        leftSection={<IconPackage size={14} aria-hidden />}
        aria-label={`Products of ${p.name}`}
      >
        Products
      </Button>
      <EditAction to={paths.partners.edit(p.id)} name={p.name} />
      <ToggleAction partner={p} />
    </>
  )),
];

/** /partners: the map, the search (in the address, as q), Add, Export and the table. */
export function PartnerListPage() {
  const { params, update } = useListParams(partnerListQuery);
  const partners = usePartnerList(params);
  const [exporting, setExporting] = useState(false);

  const download = async () => {
    setExporting(true);
    try {
      await exportPartners(params);
    } catch {
      // The API client has shown the failure (the error screen, or a notice for a lost connection).
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListPage
      title="Partners"
      addTo={paths.partners.add}
      actions={
        <>
          {/* The month-end run e-mails every partner with a statements user their last month's statement. */}
          <Button
            component={Link}
            to={paths.statements.monthEnd}
            state={cameFrom('Partners', paths.partners.list)}
            variant="default"
            leftSection={<IconMailForward size={16} aria-hidden />}
          >
            Month-end statements
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            onClick={() => void download()}
          >
            Export
          </Button>
        </>
      }
      search={{ value: params.q ?? '', onSearch: (q) => update({ q }), label: 'Search partners' }}
      columns={columns}
      rows={partners.data}
      rowKey={(p) => p.id}
      query={partners}
      minWidth={560}
    >
      <PartnersMap partners={partners.data ?? []} />
    </ListPage>
  );
}
