import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '@/test/render';

import { LoadingScreen } from './loading-screen';

describe('<LoadingScreen>', () => {
  it('announces that it is loading', () => {
    renderUi(<LoadingScreen />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});
