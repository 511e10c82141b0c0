import { Button } from '@mantine/core';
import { IconCalendarOff, IconReceipt } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';

import { FormPage } from '@/ui/form';
import { paths } from '@/lib/paths';

import { usePartner } from '../api/get-partner';
import { BankDetailsSection } from '../components/bank-details-section';
import { PartnerForm } from '../components/partner-form';
import { WholesaleSection } from '../components/wholesale-section';

const parent = { label: 'Partners', to: paths.partners.list };

/** /partners/add. */
export function PartnerAddPage() {
  return (
    <FormPage title="Add partner" parent={parent} width={1040} card={false}>
      <PartnerForm />
    </FormPage>
  );
}

/** /partners/{partnerId}. */
export function PartnerEditPage() {
  const id = Number(useParams().partnerId);
  const partner = usePartner(id);
  return (
    <FormPage
      title="Edit partner"
      actions={
        partner.data && (
          <>
            {/* The partner's monthly statements, as its statements users read them (the partner stays in the
                address), and its out-of-office periods (which staff reach only from here). */}
            <Button
              component={Link}
              to={`${paths.statements.list}?partner=${String(id)}`}
              variant="default"
              leftSection={<IconReceipt size={16} aria-hidden />}
            >
              Statements
            </Button>
            <Button
              component={Link}
              to={`${paths.partners.outOfOffice.list}?partner=${String(id)}`}
              variant="default"
              leftSection={<IconCalendarOff size={16} aria-hidden />}
            >
              Out of office
            </Button>
          </>
        )
      }
      history="partner"
      parent={parent}
      width={1040}
      card={false}
      query={partner}
      record={partner.data}
      missing="This partner does not exist. It may have been removed."
    >
      {(record) => (
        <>
          <PartnerForm partner={record} />
          <BankDetailsSection partner={record} />
          <WholesaleSection partnerId={record.id} />
        </>
      )}
    </FormPage>
  );
}
