import {
  Grid,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  type NumberInputProps,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { LOCATION_TYPES, locationBody, slugify, type Location, type LocationType } from '@bloomline/contract';

import { invalidateResources, locationKeys } from '@/lib/query-keys';
import { ApiForm, useApiForm, useGoBack } from '@/ui';
import { paths } from '@/lib/paths';

import { saveLocation } from '../api/save-location';
import { ParentPicker } from './parent-picker';

// Leaflet loads only when the form shows.
const PointMap = lazy(async () => ({ default: (await import('@/ui/point-map')).PointMap }));

/** The form's state: locationBody's fields as the inputs hold them (text, or a number being typed). */
export type LocationFormValues = {
  name: string;
  location_type: LocationType;
  parent_id: string | null;
  handle: string;
  header1: string;
  header2: string;
  header3: string;
  title: string;
  seo_description: string;
  content: string;
  latitude: number | string;
  longitude: number | string;
};

const TYPE_LABELS: Record<LocationType, string> = {
  country: 'Country',
  province: 'Province',
  city: 'City',
  suburb: 'Suburb',
};

export function toFormValues(location?: Location): LocationFormValues {
  return {
    name: location?.name ?? '',
    location_type: location?.locationType ?? 'suburb',
    parent_id: location?.parent ? String(location.parent.id) : null,
    handle: location?.handle ?? '',
    header1: location?.header1 ?? '',
    header2: location?.header2 ?? '',
    header3: location?.header3 ?? '',
    title: location?.title ?? '',
    seo_description: location?.seoDescription ?? '',
    content: location?.content ?? '',
    latitude: location?.latitude ?? '',
    longitude: location?.longitude ?? '',
  };
}

/** How close the map comes for each kind of place. */
const MAP_ZOOM: Record<LocationType, number> = { country: 5, province: 7, city: 11, suburb: 14 };

const numberOrNull = (v: number | string) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/** Degrees north/south or east/west; out of range is said in the server's words rather than silently changed. */
function CoordinateInput({ limit, ...props }: NumberInputProps & { limit: number }) {
  return (
    <NumberInput min={-limit} max={limit} clampBehavior="none" decimalScale={6} hideControls {...props} />
  );
}

/** A location's fields; Submit saves (multipart, as the original client) and returns to /locations. */
export function LocationForm({ location }: { location?: Location }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.locations.list);
  // The handle follows the name until the user writes one (an existing record keeps its own).
  const [handleEdited, setHandleEdited] = useState(!!location);
  const controller = useApiForm({
    initialValues: toFormValues(location),
    schema: locationBody,
    submit: (values) =>
      saveLocation(
        {
          ...values,
          parent_id: values.location_type === 'country' ? null : values.parent_id,
          latitude: numberOrNull(values.latitude),
          longitude: numberOrNull(values.longitude),
        },
        location?.id,
      ),
    onSuccess: async (saved) => {
      await invalidateResources(queryClient, [{ keys: locationKeys, id: saved.id }]);
      await navigate(paths.locations.list, { replace: true });
    },
  });
  const { form } = controller;
  const values = form.getValues();
  const latitude = numberOrNull(values.latitude);
  const longitude = numberOrNull(values.longitude);
  const point = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  const nameProps = form.getInputProps('name');
  const handleProps = form.getInputProps('handle');

  return (
    <ApiForm
      controller={controller}
      label="Edit location"
      buttons={{ submitLabel: 'Submit', onCancel: goBack }}
    >
      <Section title="Details">
        <TextInput
          label="Name"
          required
          data-autofocus
          {...nameProps}
          onChange={(event) => {
            const name = event.currentTarget.value;
            form.setFieldValue('name', name);
            if (!handleEdited) form.setFieldValue('handle', slugify(name));
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Location type"
            required
            allowDeselect={false}
            data={LOCATION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            {...form.getInputProps('location_type')}
            onChange={(type) => {
              if (!type || type === values.location_type) return;
              form.setFieldValue('location_type', type as LocationType);
              // A parent of the old type would not fit the new one.
              form.setFieldValue('parent_id', null);
            }}
          />
          <ParentPicker
            key={values.location_type}
            type={values.location_type}
            value={values.parent_id}
            onChange={(id) => form.setFieldValue('parent_id', id)}
            current={location?.locationType === values.location_type ? location.parent : null}
            error={form.errors.parent_id}
          />
        </SimpleGrid>
        <TextInput
          label="Handle"
          description="The location's address on the shop: lower-case words joined by dashes"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...handleProps}
          onChange={(event) => {
            const handle = event.currentTarget.value;
            form.setFieldValue('handle', handle);
            setHandleEdited(handle !== '');
          }}
        />
      </Section>

      <Section title="Page content">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Header 1" {...form.getInputProps('header1')} />
          <TextInput label="Header 2" {...form.getInputProps('header2')} />
          <TextInput label="Header 3" {...form.getInputProps('header3')} />
        </SimpleGrid>
        <TextInput label="Title" {...form.getInputProps('title')} />
        <Textarea label="SEO description" autosize minRows={2} {...form.getInputProps('seo_description')} />
        <Textarea label="Content" autosize minRows={4} maxRows={16} {...form.getInputProps('content')} />
      </Section>

      <Section title="Position">
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Stack gap="sm">
              <CoordinateInput label="Latitude" limit={90} {...form.getInputProps('latitude')} />
              <CoordinateInput label="Longitude" limit={180} {...form.getInputProps('longitude')} />
              <Text size="sm" c="dimmed">
                Type the coordinates, or click the map to place the point.
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <Suspense fallback={null}>
              <PointMap
                point={point}
                zoom={MAP_ZOOM[values.location_type]}
                height={240}
                label="Map: click to place the location"
                onPick={(p) => {
                  form.setFieldValue('latitude', p.latitude);
                  form.setFieldValue('longitude', p.longitude);
                }}
              />
            </Suspense>
          </Grid.Col>
        </Grid>
      </Section>
    </ApiForm>
  );
}
