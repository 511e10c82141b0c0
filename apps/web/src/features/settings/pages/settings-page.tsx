import { Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

import { FormSection, PageTitle, QueryError } from '@/ui';

import { useStatementsFeature, useVat } from '../api/settings';
import { StatementsSwitch } from '../components/statements-switch';
import { VatForm } from '../components/vat-form';

export const SETTINGS_TITLE = 'Settings';

/** A setting's section: a spinner while it loads, the failure with Retry, then the setting. */
function Loaded<T>({
  query,
  children,
}: {
  query: { data?: T; isPending: boolean; error: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isPending) return <Loader size="sm" role="status" aria-label="Loading" />;
  return <QueryError query={query} />;
}

/** System → Settings (staff): what only the API could change before (issue 36), each with what it changes. */
export function SettingsPage() {
  const vat = useVat();
  const statements = useStatementsFeature();
  return (
    <Stack gap="md" maw={760}>
      <PageTitle title={SETTINGS_TITLE} breadcrumbs={[{ label: 'System' }, { label: SETTINGS_TITLE }]} />
      <FormSection title="VAT">
        <Loaded query={vat}>{(data) => <VatForm key={data.vat} vat={data.vat} />}</Loaded>
      </FormSection>
      <FormSection title="Statements">
        <Loaded query={statements}>{(data) => <StatementsSwitch feature={data} />}</Loaded>
      </FormSection>
    </Stack>
  );
}
