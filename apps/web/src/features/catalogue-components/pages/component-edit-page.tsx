import { useParams } from 'react-router';

import { FormPage } from '@/ui/form';
import { paths } from '@/lib/paths';

import { useComponentDetail } from '../api/get-component';
import { ComponentForm } from '../components/component-form';

const parent = { label: 'Components', to: paths.components.list };

/** /components/add. */
export function ComponentAddPage() {
  return (
    <FormPage title="Add component" parent={parent} width={880}>
      <ComponentForm />
    </FormPage>
  );
}

/** /components/{id}. */
export function ComponentEditPage() {
  const component = useComponentDetail(Number(useParams().id));
  return (
    <FormPage
      title="Edit component"
      history="component"
      parent={parent}
      width={880}
      query={component}
      record={component.data}
      missing="This component does not exist. It may have been deleted."
    >
      {(record) => <ComponentForm component={record} />}
    </FormPage>
  );
}
