import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '@/test/render';

import { PageTitle } from './page-title';

describe('<PageTitle>', () => {
  it('shows the title as the page heading and names the tab', () => {
    renderUi(<PageTitle title="Orders" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(document.title).toBe('Orders · Bloomline');
  });

  it('shows the actions', () => {
    renderUi(<PageTitle title="Locations" actions={<Button>Add</Button>} />);
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('shows breadcrumbs as links, the last one as the current page', () => {
    renderUi(
      <PageTitle
        title="Edit location"
        breadcrumbs={[{ label: 'Locations', to: '/locations' }, { label: 'Edit location' }]}
      />,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(trail).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Locations' })).toHaveAttribute('href', '/locations');
    expect(screen.getByText('Edit location', { selector: 'span' })).toHaveAttribute('aria-current', 'page');
  });
});
