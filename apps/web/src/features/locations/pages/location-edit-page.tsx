import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { PageTitle } from '@/ui';
import { RecordState } from '@/ui/form';

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
  const location = useLocationDetail(Number(useParams().id));
  return (
    <Frame>
      <RecordState
        query={location}
        record={location.data}
        missing="This location does not exist. It may have been removed."
      >
        {(record) => <LocationForm key={record.id} location={record} />}
      </RecordState>
    </Frame>
  );
}
