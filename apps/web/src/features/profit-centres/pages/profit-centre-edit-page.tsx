import { useParams } from 'react-router';

import { FormPage } from '@/ui/form';
import { paths } from '@/lib/paths';

import { useProfitCentreDetail } from '../api/get-profit-centre';
import { ProfitCentreForm } from '../components/profit-centre-form';

const parent = { label: 'Profit centres', to: paths.profitCentres.list };

/** /profit-centres/add. */
export function ProfitCentreAddPage() {
  return (
    <FormPage title="Add profit centre" parent={parent} width={640}>
      <ProfitCentreForm />
    </FormPage>
  );
}

/** /profit-centres/{id}. */
export function ProfitCentreEditPage() {
  const centre = useProfitCentreDetail(Number(useParams().id));
  return (
    <FormPage
      title="Edit profit centre"
      parent={parent}
      width={640}
      query={centre}
      record={centre.data}
      missing="This profit centre does not exist. It may have been removed."
    >
      {(record) => <ProfitCentreForm centre={record} />}
    </FormPage>
  );
}
