import {
  Checkbox,
  Grid,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  type NumberInputProps,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { lazy, Suspense } from 'react';

import {
  ACCOUNT_TYPES,
  RADIUS_MAX_KM,
  RATING_MAX,
  RATING_MIN,
  SATURDAY_MODES,
  type SaturdayMode,
} from '@bloomline/contract';

import { FormSection, MoneyInput, PercentInput } from '@/ui';

import { numberOrNull, type PartnerFormValues } from './partner-form-values';

// Leaflet loads only when the form shows the map.
const PointMap = lazy(async () => ({ default: (await import('@/ui/point-map')).PointMap }));

type Form = UseFormReturnType<PartnerFormValues>;

/** Detail maps open at street level (part 2, point 9). */
const DETAIL_ZOOM = 15;

export const SATURDAY_LABELS: Record<SaturdayMode, string> = {
  closed: 'Closed',
  same_day: 'Same day',
  open: 'Open',
};

/** Degrees north/south or east/west; out of range is said in the server's words rather than changed. */
function CoordinateInput({ limit, ...props }: NumberInputProps & { limit: number }) {
  return (
    <NumberInput min={-limit} max={limit} clampBehavior="none" decimalScale={6} hideControls {...props} />
  );
}

/** Staff place the partner: type the coordinates, click the map, or drag the pin. */
export function PositionSection({ form }: { form: Form }) {
  const values = form.getValues();
  const latitude = numberOrNull(values.latitude);
  const longitude = numberOrNull(values.longitude);
  const point = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  return (
    <FormSection title="Position">
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Stack gap="sm">
            <CoordinateInput label="Latitude" limit={90} {...form.getInputProps('latitude')} />
            <CoordinateInput label="Longitude" limit={180} {...form.getInputProps('longitude')} />
            <Text size="sm" c="dimmed">
              Type the coordinates, or click the map to place the partner and drag the pin to move it.
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Suspense fallback={null}>
            <PointMap
              point={point}
              zoom={DETAIL_ZOOM}
              height={260}
              label="Map: click to place the partner"
              draggable
              onPick={(p) => {
                form.setFieldValue('latitude', p.latitude);
                form.setFieldValue('longitude', p.longitude);
              }}
            />
          </Suspense>
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

/** What the marketplace decides about the partner: rating, reach, fee and Saturdays. */
export function ServiceSection({ form }: { form: Form }) {
  return (
    <FormSection title="Service">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label="Rating"
          description={`${String(RATING_MIN)} to ${String(RATING_MAX)}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          min={RATING_MIN}
          max={RATING_MAX}
          allowDecimal={false}
          clampBehavior="none"
          {...form.getInputProps('rating')}
        />
        <NumberInput
          label="Radius (km)"
          min={0}
          max={RADIUS_MAX_KM}
          clampBehavior="none"
          decimalScale={2}
          {...form.getInputProps('radius')}
        />
        <MoneyInput label="Wholesale delivery fee" {...form.getInputProps('wholesaleDeliveryFee')} />
        <Select
          label="Saturday"
          allowDeselect={false}
          data={SATURDAY_MODES.map((mode) => ({ value: mode, label: SATURDAY_LABELS[mode] }))}
          {...form.getInputProps('saturday')}
        />
      </SimpleGrid>
    </FormSection>
  );
}

const CHANNELS = [
  ['avbobSalesChannel', 'AVBOB'],
  ['webSalesSalesChannel', 'Web sales'],
  ['inStoreSalesChannel', 'In store'],
  ['b2bSalesChannel', 'B2B'],
] as const;

export function ChannelsSection({ form }: { form: Form }) {
  return (
    <FormSection title="Sales channels">
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm">
        {CHANNELS.map(([field, label]) => (
          <Checkbox key={field} label={label} {...form.getInputProps(field, { type: 'checkbox' })} />
        ))}
      </SimpleGrid>
    </FormSection>
  );
}

/** A new partner's bank details: they await a second user's confirmation once saved (issue 46). */
export function BankSection({ form }: { form: Form }) {
  return (
    <FormSection title="Bank details">
      <Text size="sm" c="dimmed">
        No payout pays into these until another user with the payouts permission confirms them.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Bank name" {...form.getInputProps('bank_name')} />
        <TextInput label="Branch code" {...form.getInputProps('branch_code')} />
        <TextInput label="Account name" {...form.getInputProps('account_name')} />
        <TextInput label="Account number" {...form.getInputProps('account_number')} />
        <Select
          label="Account type"
          clearable
          data={ACCOUNT_TYPES.map((t) => ({ value: t, label: t === 'Cheque' ? 'Cheque (Current)' : t }))}
          {...form.getInputProps('account_type')}
        />
      </SimpleGrid>
    </FormSection>
  );
}

export function TermsSection({ form }: { form: Form }) {
  return (
    <FormSection title="Commission and status">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PercentInput
          label="Commission"
          description="The marketplace's share of the partner's orders"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('commission')}
        />
        <Switch
          label="Enabled"
          description="A disabled partner is offered no orders"
          mt={{ base: 0, sm: 'lg' }}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
      </SimpleGrid>
    </FormSection>
  );
}
