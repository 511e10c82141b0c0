import { Stack, Text } from '@mantine/core';

import { useUser } from '@/session/session-context';
import { PageTitle } from '@/ui';
import { RecordState } from '@/ui/form';

import { usePartner } from '../api/get-partner';
import { PartnerForm } from '../components/partner-form';

const TITLE = 'Business profile';

/** /partners/profile: a partner user's own partner, without the staff-only fields; saved, to /dashboard. */
export function PartnerProfilePage() {
  const user = useUser();
  const partnerId = user.partner?.id;
  const partner = usePartner(partnerId ?? 0, partnerId !== undefined);
  return (
    <Stack gap="md" maw={1040}>
      <PageTitle title={TITLE} />
      {partnerId === undefined ? (
        <Text>Only a partner&apos;s users have a business profile.</Text>
      ) : (
        <RecordState query={partner} record={partner.data} missing="Your partner could not be found.">
          {(record) => <PartnerForm key={record.id} partner={record} profile />}
        </RecordState>
      )}
    </Stack>
  );
}
