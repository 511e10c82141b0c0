import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { isApiError } from '@/api/client';
import { PageTitle, QueryError } from '@/ui';

import { useLocationDetail } from '../api/get-location';
import { LocationForm } from '../components/location-form';

/** Both screens read 'Edit location' (part 1, point 7). */
const TITLE = 'Edit location';

function Frame({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md" maw={960}>
      <PageTitle title={TITLE} breadcrumbs={[{ label: 'Locations', to: '/locations' }, { label: TITLE }]} />
      {children}
    </Stack>
  );
}

/** /locations/add. */
export function LocationAddPage() {
  return (
    <Frame>
      <LocationForm />
    </Frame>
  );
}

/** /locations/{id}. */
export function LocationEditPage() {
  const id = Number(useParams().id);
  const location = useLocationDetail(id);

  let body: ReactNode;
  if (location.isPending) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  } else if (isApiError(location.error) && location.error.status === 404) {
    body = <Text>This location does not exist. It may have been removed.</Text>;
  } else if (location.isError) {
    body = <QueryError error={location.error} onRetry={() => void location.refetch()} />;
  } else {
    body = <LocationForm key={location.data.id} location={location.data} />;
  }
  return <Frame>{body}</Frame>;
}
