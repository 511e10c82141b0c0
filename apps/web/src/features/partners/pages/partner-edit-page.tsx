import { useParams } from 'react-router';

import { FormPage } from '@/ui/form';
import { paths } from '@/lib/paths';

import { usePartner } from '../api/get-partner';
import { PartnerForm } from '../components/partner-form';

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
  const partner = usePartner(Number(useParams().partnerId));
  return (
    <FormPage
      title="Edit partner"
      parent={parent}
      width={1040}
      card={false}
      query={partner}
      record={partner.data}
      missing="This partner does not exist. It may have been removed."
    >
      {(record) => <PartnerForm partner={record} />}
    </FormPage>
  );
}
