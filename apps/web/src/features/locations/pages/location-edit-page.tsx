import { useParams } from 'react-router';

import { FormPage } from '@/ui/form';
import { paths } from '@/lib/paths';

import { useLocationDetail } from '../api/get-location';
import { LocationForm } from '../components/location-form';

/** Both screens read 'Edit location' (part 1, point 7). */
const TITLE = 'Edit location';
const parent = { label: 'Locations', to: paths.locations.list };

/** /locations/add. */
export function LocationAddPage() {
  return (
    <FormPage title={TITLE} parent={parent} width={960} card={false}>
      <LocationForm />
    </FormPage>
  );
}

/** /locations/{id}. */
export function LocationEditPage() {
  const location = useLocationDetail(Number(useParams().id));
  return (
    <FormPage
      title={TITLE}
      parent={parent}
      width={960}
      card={false}
      query={location}
      record={location.data}
      missing="This location does not exist. It may have been removed."
    >
      {(record) => <LocationForm location={record} />}
    </FormPage>
  );
}
