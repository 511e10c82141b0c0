import type { ReactNode } from 'react';

import { componentLookupQuery } from '@/api/lookups/components';
import { RemoteSelect } from '@/ui';

export type ComponentPickerProps = {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
};

/** A component, searched by name on the server (GET /api/components?q=) as the user types. */
export function ComponentPicker({ value, onChange, error }: ComponentPickerProps) {
  return (
    <RemoteSelect
      label="Component"
      placeholder="Search for a component"
      required
      value={value}
      onChange={(next) => onChange(next)}
      query={componentLookupQuery}
      options={(page) => page.data.map((c) => ({ value: String(c.id), label: c.name }))}
      error={error}
    />
  );
}
