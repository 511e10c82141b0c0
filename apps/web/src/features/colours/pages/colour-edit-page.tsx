import { useParams } from 'react-router';

import { FormPage } from '@/ui/form';
import { paths } from '@/lib/paths';

import { useColourDetail } from '../api/get-colour';
import { ColourForm } from '../components/colour-form';

const parent = { label: 'Colours', to: paths.colours.list };

/** /colours/add. */
export function ColourAddPage() {
  return (
    <FormPage title="Add colour" parent={parent} width={640}>
      <ColourForm />
    </FormPage>
  );
}

/** /colours/{id}. */
export function ColourEditPage() {
  const colour = useColourDetail(Number(useParams().id));
  return (
    <FormPage
      title="Edit colour"
      parent={parent}
      width={640}
      query={colour}
      record={colour.data}
      missing="This colour does not exist. It may have been deleted."
    >
      {(record) => <ColourForm colour={record} />}
    </FormPage>
  );
}
