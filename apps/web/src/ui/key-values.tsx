import type { ReactNode } from 'react';

import classes from './key-values.module.css';

export type KeyValue = { key: string; label: ReactNode; value: ReactNode; emphasis?: boolean };

/** Label and value pairs as a description list; the value sits at the right on wide and narrow screens. */
export function KeyValues({ items }: { items: readonly KeyValue[] }) {
  return (
    <dl className={classes.list}>
      {items.map((item) => (
        <div key={item.key} className={classes.row} data-emphasis={item.emphasis || undefined}>
          <dt className={classes.label}>{item.label}</dt>
          <dd className={classes.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
