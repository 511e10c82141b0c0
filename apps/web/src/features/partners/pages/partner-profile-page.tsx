import { Text } from '@mantine/core';

import { useUser } from '@/session/session-context';
import { FormPage } from '@/ui/form';

import { usePartner } from '../api/get-partner';
import { PartnerForm } from '../components/partner-form';

const TITLE = 'Business profile';

/** /partners/profile: a partner user's own partner, without the staff-only fields; saved, to /dashboard. */
export function PartnerProfilePage() {
  const user = useUser();
  const partnerId = user.partner?.id;
  const partner = usePartner(partnerId ?? 0, partnerId !== undefined);
  if (partnerId === undefined) {
    return (
      <FormPage title={TITLE} width={1040} card={false}>
        <Text>Only a partner&apos;s users have a business profile.</Text>
      </FormPage>
    );
  }
  return (
    <FormPage
      title={TITLE}
      width={1040}
      card={false}
      query={partner}
      record={partner.data}
      missing="Your partner could not be found."
    >
      {(record) => <PartnerForm partner={record} profile />}
    </FormPage>
  );
}
