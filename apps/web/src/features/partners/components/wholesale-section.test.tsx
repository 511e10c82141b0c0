import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { currentMonth, monthInSentence, previousMonth } from '@bloomline/contract';

import { invalid, pageOf, stubApi } from '@/test/api-stub';
import { renderApp } from '@/test/render';

import { WholesaleSection } from './wholesale-section';

afterEach(() => vi.restoreAllMocks());

// Issue 46: the wholesale dialog offers no day in a closed month and says which months are closed; the
// server's refusal of one stands under the Date field in its own words.
describe('<WholesaleSection> closed months', () => {
  it('names the first open month and shows a refused date under the field', async () => {
    const open = currentMonth();
    const closedText = `${monthInSentence(previousMonth(open))} is closed; date it in ${monthInSentence(open)} or later`;
    stubApi((url, init) => {
      if (url.pathname === '/api/closed-months')
        return {
          body: { data: { firstOpenMonth: open, firstOpenDay: `${open}-01`, closed: [previousMonth(open)] } },
        };
      if (url.pathname === '/api/partners/7/wholesale' && init.method === 'POST')
        return invalid({ date: [closedText] });
      if (url.pathname === '/api/partners/7/wholesale')
        return { body: pageOf([], { path: '/api/partners/7/wholesale' }) };
      return undefined;
    });
    renderApp(<WholesaleSection partnerId={7} />);
    expect(await screen.findByText(`Months before ${monthInSentence(open)} are closed.`)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'Wholesale roses');
    await userEvent.type(screen.getByRole('textbox', { name: /^Amount/ }), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Add purchase' }));
    expect(await screen.findByText(closedText)).toBeInTheDocument();
  });
});
