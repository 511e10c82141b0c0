import { useParams } from 'react-router';

import { FormPage } from '@/ui/form';
import { paths } from '@/lib/paths';

import { useUnits } from '../api/get-units';
import { UnitForm } from '../components/unit-form';

const parent = { label: 'Units of measure', to: paths.units.list };

/** /units/add. */
export function UnitAddPage() {
  return (
    <FormPage title="Add unit of measure" parent={parent} width={640}>
      <UnitForm />
    </FormPage>
  );
}

/** /units/{id}: the unit is found by id in the loaded list (part 2). */
export function UnitEditPage() {
  const id = Number(useParams().id);
  const units = useUnits();
  return (
    <FormPage
      title="Edit unit of measure"
      parent={parent}
      width={640}
      query={units}
      record={units.data?.find((u) => u.id === id)}
      missing="This unit of measure does not exist. It may have been deleted."
    >
      {(unit) => <UnitForm unit={unit} />}
    </FormPage>
  );
}
