import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/test/render';

import { cameFrom, useCameFrom } from './came-from';
import { PageTitle } from './page-title';

/** A screen reached from several places (the month-end run). */
function Target() {
  const from = useCameFrom({ label: 'Partners', to: '/partners' });
  return <PageTitle title="Month-end statements" breadcrumbs={[from, { label: 'Month-end statements' }]} />;
}

const crumb = () => screen.getByRole('navigation', { name: 'Breadcrumb' });

describe('useCameFrom', () => {
  // Issue 36, point 11: month-end's breadcrumb said Partners when it was opened from Reporting.
  it('leads back to the screen whose link opened it', async () => {
    renderApp(
      <Link to="/statements/month-end" state={cameFrom('Reporting', '/reporting')}>
        Month-end statements
      </Link>,
      { history: ['/reporting'], path: '/reporting', others: { '/statements/month-end': <Target /> } },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Month-end statements' }));
    expect(screen.getByRole('link', { name: 'Reporting' })).toHaveAttribute('href', '/reporting');
    expect(crumb()).not.toHaveTextContent('Partners');
  });

  it('falls back to its usual place for an address typed or shared', () => {
    renderApp(<Target />, { history: ['/statements/month-end'] });
    expect(screen.getByRole('link', { name: 'Partners' })).toHaveAttribute('href', '/partners');
  });
});
