import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

import { cssVariablesResolver, theme } from '@/theme';

/** Renders a piece inside the providers the app gives it (theme, router). */
export function renderUi(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}
