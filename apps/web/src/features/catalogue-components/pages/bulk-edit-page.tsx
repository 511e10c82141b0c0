import { Button, Center, Group, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';

import { componentListQuery } from '@bloomline/contract';

import {
  NOTHING_FOUND,
  PageTitle,
  Pager,
  QueryError,
  SearchInput,
  UnsavedChangesDialog,
  useListParams,
} from '@/ui';
import { paths } from '@/lib/paths';

import { componentsQueryOptions } from '../api/get-components';
import { BulkEditTable } from '../components/bulk-edit-table';
import { useSaveBeforeLeaving } from '../components/use-save-before-leaving';

export const BULK_EDIT_HELP =
  'Changes save by themselves a moment after you stop typing. Arrow keys and Enter move between cells; Escape undoes the change in a cell.';

/**
 * /components/bulk-edit (part 2, point 4): the components list with its rows editable in place. Search, sort
 * and page live in the address, as on /components. A row saves itself 300 ms after typing stops and flashes
 * green or red; leaving first saves what waits.
 */
export function BulkEditPage() {
  const { params, update } = useListParams(componentListQuery);
  const components = useQuery({ ...componentsQueryOptions(params), placeholderData: keepPreviousData });
  const leaving = useSaveBeforeLeaving();
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => setAnnouncement(message), []);

  const rows = components.data?.data;
  let grid;
  if (components.isPending) {
    grid = (
      <Center py="xl">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  } else if (components.isError && !rows) {
    grid = <QueryError query={components} />;
  } else if (!rows || rows.length === 0) {
    grid = (
      <Text ta="center" py="lg">
        {NOTHING_FOUND}
      </Text>
    );
  } else {
    grid = (
      <BulkEditTable
        rows={rows}
        sort={{ s: params.s, d: params.d }}
        onSort={(sort) => update(sort)}
        announce={announce}
        unsaved={leaving.unsaved}
        busy={components.isPlaceholderData}
      />
    );
  }

  return (
    <Stack gap="md">
      <PageTitle
        title="Bulk edit components"
        breadcrumbs={[{ label: 'COMPONENTS', to: paths.components.list }, { label: 'BULK EDIT' }]}
        actions={
          <Button
            component={Link}
            to={paths.components.list}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Back to components
          </Button>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" align="center" gap="sm">
            <SearchInput
              value={params.q ?? ''}
              onSearch={(q) => update({ q })}
              label="Search components by name"
              w={{ base: '100%', sm: 320 }}
            />
            <Text size="sm" c="dimmed" maw={520}>
              {BULK_EDIT_HELP}
            </Text>
          </Group>
          {grid}
          <Pager meta={components.data?.meta} onPage={(page) => update({ page })} />
          {leaving.saving && (
            <Text size="sm" role="status">
              Saving your changes before leaving…
            </Text>
          )}
        </Stack>
      </Paper>
      <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="bulk-edit-announcer">
        {announcement}
      </VisuallyHidden>
      <UnsavedChangesDialog blocker={leaving.refused} />
    </Stack>
  );
}
