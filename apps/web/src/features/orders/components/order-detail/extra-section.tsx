import type { OrderDetail } from '@bloomline/contract';

import { DetailSection } from './detail-section';
import { KeyValues } from './key-values';

type Extra = NonNullable<OrderDetail['extra']>;

/** Staff: where the order came from and how it is paid. */
export function ExtraSection({ extra }: { extra: Extra }) {
  return (
    <DetailSection title="Order source">
      <KeyValues
        items={[
          { key: 'source', label: 'Source', value: extra.source },
          { key: 'payment', label: 'Payment type', value: extra.paymentType },
          { key: 'email', label: 'Email', value: extra.email ?? '—' },
          { key: 'customer', label: 'Customer', value: extra.customer ?? '—' },
          { key: 'company', label: 'Company', value: extra.companyName ?? '—' },
          { key: 'profit-centre', label: 'Profit centre', value: extra.profitCentre ?? '—' },
          { key: 'paid', label: 'Fully paid', value: extra.fullyPaid ? 'Yes' : 'No' },
        ]}
      />
    </DetailSection>
  );
}
