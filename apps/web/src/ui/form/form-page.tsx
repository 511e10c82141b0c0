import { Paper, Stack } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

import type { AuditRecordType } from '@bloomline/contract';

import { PageTitle, type Breadcrumb } from '../page-title';
import { RecordHistoryLink } from '../record-history-link';
import { RecordState, type RecordStateProps } from './record-state';

type FrameProps = {
  /** The page's heading, also its last breadcrumb. */
  title: string;
  /** The screen the page belongs to (the list), the breadcrumb before the title; none for a page of one's own. */
  parent?: Breadcrumb;
  /** The widest the form may grow, in pixels. */
  width: number;
  /** The form on a bordered card; a form drawn in sections of its own sets false. */
  card?: boolean;
  /** Buttons beside the title (a partner's page: its statements). */
  actions?: ReactNode;
  /**
   * The record's own audit entries, linked beside the title (History) once the record is there: an edit
   * page of a staff area names its record's audit type (issue 36).
   */
  history?: AuditRecordType;
};

/** An add page: the form as it is. */
type AddPageProps = FrameProps & { children: ReactNode };

/** An edit page: the record's states, then the form started from the record. */
type EditPageProps<T extends { id: number | string }> = FrameProps &
  Pick<RecordStateProps<T>, 'query' | 'record' | 'missing'> & { children: (record: T) => ReactNode };

export type FormPageProps<T extends { id: number | string }> = AddPageProps | EditPageProps<T>;

const isEditPage = <T extends { id: number | string }>(props: FormPageProps<T>): props is EditPageProps<T> =>
  'query' in props;

/**
 * The frame of every add and edit page: the title with its breadcrumbs, and, for an edit, a spinner while the
 * record loads, the shared error with Retry, a sentence when there is no such record, and the form keyed by
 * the record's id (so another record starts from its own values, never the last one's).
 */
export function FormPage<T extends { id: number | string }>(props: FormPageProps<T>) {
  const { title, parent, width, card = true, history } = props;
  let { actions } = props;
  let body: ReactNode;
  if (isEditPage(props)) {
    const { query, record, missing, children } = props;
    if (history && record && typeof record.id === 'number')
      actions = (
        <>
          {actions}
          <RecordHistoryLink type={history} id={record.id} />
        </>
      );
    body = (
      <RecordState query={query} record={record} missing={missing}>
        {(found) => <Fragment key={found.id}>{children(found)}</Fragment>}
      </RecordState>
    );
  } else {
    body = props.children;
  }
  return (
    <Stack gap="md" maw={width}>
      <PageTitle title={title} actions={actions} breadcrumbs={parent && [parent, { label: title }]} />
      {card ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          {body}
        </Paper>
      ) : (
        body
      )}
    </Stack>
  );
}
