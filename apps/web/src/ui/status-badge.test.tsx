import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { STATUS_COLOURS, type BadgeStatus } from '@bloomline/contract';

import { renderUi } from '@/test/render';
import { theme as appTheme } from '@/theme';

import { contrastRatio, filledColours, MIN_TEXT_CONTRAST } from './contrast';
import { StatusBadge } from './status-badge';

describe('<StatusBadge>', () => {
  it('shows the status name with spaces for dashes', () => {
    renderUi(<StatusBadge status="cancel-confirmed" />);
    expect(screen.getByText('cancel confirmed')).toBeInTheDocument();
  });

  it('shows an open line without a partner as unassigned', () => {
    renderUi(<StatusBadge status="open" partner={null} />);
    expect(screen.getByText('unassigned')).toBeInTheDocument();
    expect(screen.queryByText('open')).not.toBeInTheDocument();
  });

  it('shows an open line with a partner, or a badge without the partner prop, as open', () => {
    renderUi(
      <>
        <StatusBadge status="open" partner={{ name: 'Petals' }} />
        <StatusBadge status="open" />
      </>,
    );
    expect(screen.getAllByText('open')).toHaveLength(2);
  });

  it('keeps other statuses when the line has no partner', () => {
    renderUi(<StatusBadge status="accepted" partner={undefined} />);
    expect(screen.getByText('accepted')).toBeInTheDocument();
  });

  it('has readable text on every status colour', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, appTheme);
    for (const status of Object.keys(STATUS_COLOURS) as BadgeStatus[]) {
      const { background, text } = filledColours(theme, STATUS_COLOURS[status]);
      expect(contrastRatio(background, text), status).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});
