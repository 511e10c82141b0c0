import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import {
  PARTNER_TYPES,
  partnerCreateBody,
  partnerProfileBody,
  partnerUpdateBody,
  type Partner,
} from '@bloomline/contract';

import { invalidateResources, partnerKeys } from '@/lib/query-keys';
import { useSession } from '@/session/session-context';
import { ApiForm, FormSection, typedNumbersSchema, useApiForm, useGoBack } from '@/ui';
import { paths } from '@/lib/paths';

import { savePartner } from '../api/save-partner';
import { toFormValues, toRequest, type PartnerFormValues } from './partner-form-values';
import {
  BankSection,
  ChannelsSection,
  PositionSection,
  ServiceSection,
  TermsSection,
} from './partner-staff-sections';
import { PlacePickers } from './place-pickers';

type Form = UseFormReturnType<PartnerFormValues>;

const TYPE_LABELS = { florist: 'Florist', courier: 'Courier' } as const;

function BusinessSection({ form, profile }: { form: Form; profile: boolean }) {
  return (
    <FormSection title="Business">
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="VAT number" {...form.getInputProps('vatNumber')} />
        {!profile && (
          <Select
            label="Partner type"
            allowDeselect={false}
            data={PARTNER_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            {...form.getInputProps('partnerType')}
          />
        )}
        <TextInput label="Business email" type="email" {...form.getInputProps('businessEmail')} />
        <TextInput label="Business phone" type="tel" {...form.getInputProps('businessPhone')} />
      </SimpleGrid>
    </FormSection>
  );
}

function OwnerSection({ form }: { form: Form }) {
  return (
    <FormSection title="Owner">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Owner name" {...form.getInputProps('ownerName')} />
        <TextInput label="Owner email" type="email" {...form.getInputProps('ownerEmail')} />
        <TextInput label="Owner phone" type="tel" {...form.getInputProps('ownerPhone')} />
      </SimpleGrid>
    </FormSection>
  );
}

function AddressSection({ form }: { form: Form }) {
  const values = form.getValues();
  return (
    <FormSection title="Address">
      <TextInput label="Address line 1" {...form.getInputProps('address1')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Address line 2" {...form.getInputProps('address2')} />
        <TextInput label="Address line 3" {...form.getInputProps('address3')} />
      </SimpleGrid>
      <PlacePickers
        province={values.province_id}
        city={values.city_id}
        suburb={values.location_id}
        onChange={(places) => form.setValues(places)}
        errors={{
          province_id: form.errors.province_id,
          city_id: form.errors.city_id,
          location_id: form.errors.location_id,
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Postal code" {...form.getInputProps('postalCode')} />
        <TextInput label="Country" {...form.getInputProps('country')} />
      </SimpleGrid>
    </FormSection>
  );
}

export type PartnerFormProps = {
  partner?: Partner;
  /** A partner user's own profile: no staff-only field, no map; saved, it goes to the dashboard. */
  profile?: boolean;
};

/** Every field of a partner for staff, or a partner user's profile; multipart like the original client. */
export function PartnerForm({ partner, profile = false }: PartnerFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refresh, user } = useSession();
  // Bank details are given with a new partner by staff with the payouts permission; an existing partner's are
  // changed in its bank section (BankDetailsSection), where a second user confirms them.
  const withBank = !profile && !partner && (user?.permissions.managePayouts ?? false);
  const home = profile ? paths.dashboard : paths.partners.list;
  const goBack = useGoBack(home);
  const controller = useApiForm({
    initialValues: toFormValues(partner),
    schema: typedNumbersSchema(
      profile ? partnerProfileBody : partner ? partnerUpdateBody : partnerCreateBody,
      (values: PartnerFormValues) => toRequest(values, profile, withBank),
      { wholesaleDeliveryFee: 'money', commission: 'percent' },
    ),
    submit: (values) => savePartner(toRequest(values, profile, withBank), partner?.id),
    onSuccess: async (saved) => {
      await invalidateResources(queryClient, [{ keys: partnerKeys, id: saved.id }]);
      // The header and menus show the partner's name from the current user.
      if (profile) await refresh();
      await navigate(home, { replace: true });
    },
  });
  const { form } = controller;

  return (
    <ApiForm
      controller={controller}
      label={profile ? 'Business profile' : 'Edit partner'}
      buttons={{ submitLabel: 'Submit', onCancel: goBack }}
    >
      <BusinessSection form={form} profile={profile} />
      <OwnerSection form={form} />
      <AddressSection form={form} />
      {!profile && (
        <>
          <PositionSection form={form} />
          <ServiceSection form={form} />
          <ChannelsSection form={form} />
          {withBank && <BankSection form={form} />}
          <TermsSection form={form} />
        </>
      )}
    </ApiForm>
  );
}
