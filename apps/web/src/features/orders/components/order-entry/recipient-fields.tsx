import { Grid, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { lazy, Suspense, useState } from 'react';

import { getPlace, placeChoices, placeLookupQuery } from '@/api/lookups/order-entry';
import { errorMessage, FormSection, RemoteSelect } from '@/ui';

import type { EntryValues } from './entry-values';

// Leaflet comes with the map only.
const PointMap = lazy(async () => ({ default: (await import('@/ui/point-map')).PointMap }));

/**
 * Who receives the flowers and where. Picking the suburb or city from the locations tree fills in the city and
 * puts the pin where that place is; a click on the map moves the pin to the door. A field already typed is
 * never overwritten by a pick.
 */
export function RecipientFields({ form }: { form: UseFormReturnType<EntryValues> }) {
  const [place, setPlace] = useState<string | null>(null);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const { recipient } = form.getValues();
  const point =
    recipient.latitude !== null && recipient.longitude !== null
      ? { latitude: recipient.latitude, longitude: recipient.longitude }
      : null;

  const pickPlace = async (value: string | null) => {
    setPlace(value);
    setPlaceError(null);
    if (value === null) return;
    try {
      const found = await getPlace(Number(value));
      const city = found.locationType === 'suburb' ? (found.parent?.name ?? found.name) : found.name;
      if (!form.getValues().recipient.city.trim()) form.setFieldValue('recipient.city', city);
      if (found.locationType === 'suburb' && !form.getValues().recipient.address2.trim())
        form.setFieldValue('recipient.address2', found.name);
      if (found.latitude !== null && found.longitude !== null) {
        form.setFieldValue('recipient.latitude', found.latitude);
        form.setFieldValue('recipient.longitude', found.longitude);
      }
    } catch (error) {
      setPlaceError(errorMessage(error));
    }
  };

  return (
    <FormSection title="Recipient">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First name" required {...form.getInputProps('recipient.firstName')} />
        <TextInput label="Last name" required {...form.getInputProps('recipient.lastName')} />
        <TextInput label="Phone" type="tel" required {...form.getInputProps('recipient.phone')} />
        <TextInput label="Company" {...form.getInputProps('recipient.company')} />
      </SimpleGrid>
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            <RemoteSelect
              label="Suburb or city"
              description="From the locations: fills in the city and places the pin."
              placeholder="Search places"
              value={place}
              onChange={(value) => void pickPlace(value)}
              query={placeLookupQuery}
              options={placeChoices}
              searching="Searching…"
              nothingFound="No such suburb or city."
              clearable
              clearButtonProps={{ 'aria-label': 'Clear place' }}
              error={placeError}
              loadError={errorMessage}
            />
            <TextInput label="Address" required {...form.getInputProps('recipient.address1')} />
            <TextInput label="Address line 2" {...form.getInputProps('recipient.address2')} />
            <TextInput label="Address line 3" {...form.getInputProps('recipient.address3')} />
            <SimpleGrid cols={2} spacing="sm">
              <TextInput label="City" required {...form.getInputProps('recipient.city')} />
              <TextInput label="Postal code" {...form.getInputProps('recipient.postalCode')} />
            </SimpleGrid>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Suspense fallback={null}>
            <PointMap
              point={point}
              zoom={15}
              height={260}
              label="Map of the delivery point: click to place the pin"
              onPick={(p) => {
                form.setFieldValue('recipient.latitude', p.latitude);
                form.setFieldValue('recipient.longitude', p.longitude);
              }}
            />
          </Suspense>
          <Text size="sm" mt={4}>
            {point
              ? `Pin at ${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}. Click the map to move it.`
              : 'No pin yet: pick the suburb or city, or click the map.'}
          </Text>
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}
