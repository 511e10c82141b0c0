import { Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

import { EMPTY_TEXT } from './empty';
import classes from './record-card.module.css';

export type RecordField = { key: string; label: ReactNode; value: ReactNode };

export type RecordCardProps = {
  /** Every field of the record, each shown as its label and its value. */
  fields: readonly RecordField[];
  /** The record's buttons (Edit, Delete, View …), below the fields, each with its words. */
  actions?: ReactNode;
  /** More below the actions (an order's lines, opened by one of them). */
  children?: ReactNode;
  /** The card is an item of a list (`<ul>`) unless told otherwise. */
  component?: 'li' | 'div';
};

const shown = (value: ReactNode) =>
  value === null || value === undefined || value === '' ? EMPTY_TEXT : value;

/**
 * The one phone pattern of every list (issue 19): a record as a card of "Label  value" rows, nothing dropped,
 * with its actions labelled and within reach. `DataTable` draws its rows so below the `sm` breakpoint.
 */
export function RecordCard({ fields, actions, children, component = 'li' }: RecordCardProps) {
  return (
    <Paper component={component} withBorder radius="md" p="sm" className={classes.card}>
      <dl className={classes.fields}>
        {fields.map((field) => (
          <div key={field.key} className={classes.field}>
            <dt className={classes.label}>{field.label}</dt>
            <dd className={classes.value}>{shown(field.value)}</dd>
          </div>
        ))}
      </dl>
      {actions && (
        <Group gap="xs" wrap="wrap" className={classes.actions}>
          {actions}
        </Group>
      )}
      {children}
    </Paper>
  );
}
