import { describe, expect, it } from 'vitest';

import { bulkActionBody, bulkSummary, groupCandidatesQuery, MAX_BULK_IDS } from './bulk-actions';
import { savedViewBody, viewQueryText } from './saved-views';
import { screenMatches, SEARCH_SCREENS, searchQuery } from './search';

describe('bulk actions', () => {
  it('takes 1 to 500 ids and needs a partner to assign', () => {
    expect(bulkActionBody.safeParse({ action: 'accept', ids: [1, '2'] }).data).toEqual({
      action: 'accept',
      ids: [1, 2],
    });
    expect(bulkActionBody.safeParse({ action: 'accept', ids: [] }).success).toBe(false);
    const many = Array.from({ length: MAX_BULK_IDS + 1 }, (_, i) => i + 1);
    expect(bulkActionBody.safeParse({ action: 'accept', ids: many }).success).toBe(false);
    expect(bulkActionBody.safeParse({ action: 'accept', ids: many.slice(1) }).success).toBe(true);
    const assign = bulkActionBody.safeParse({ action: 'assign', ids: [1] });
    expect(assign.error?.issues.map((i) => i.path)).toEqual([['partnerId']]);
  });

  it('reads a group as a list of ids, each once', () => {
    expect(groupCandidatesQuery.parse({ ids: '3,1,3' }).ids).toEqual([3, 1]);
    expect(groupCandidatesQuery.safeParse({ ids: '1,,2' }).success).toBe(false);
    expect(groupCandidatesQuery.safeParse({ ids: '0' }).success).toBe(false);
  });

  it('says what happened: "12 accepted, 2 could not be: …"', () => {
    const done = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(bulkSummary('accept', { done, refused: [] })).toBe('12 accepted.');
    expect(
      bulkSummary(
        'accept',
        {
          done,
          refused: [
            { id: 20, message: 'Not found.' },
            { id: 21, message: 'This order is accepted; "Accept order" needs it to be open.' },
          ],
        },
        (id) => `#BL${String(id)}`,
      ),
    ).toBe(
      '12 accepted, 2 could not be: #BL20: Not found. #BL21: This order is accepted; "Accept order" needs it to be open.',
    );
  });
});

describe('saved views', () => {
  it('keep the list’s filters in one order, without the page, blanks or defaults', () => {
    expect(viewQueryText('page=2&d=desc&s=created_at&filter=open&q=+rose+&p=3&nonsense=1')).toBe(
      'q=rose&p=3&filter=open',
    );
    expect(viewQueryText({ filter: 'today', sd: '2026-02-14', ed: undefined, page: 4 })).toBe(
      'filter=today&sd=2026-02-14',
    );
    expect(viewQueryText('s=name&d=asc')).toBe('s=name&d=asc');
  });

  it('refuse filters the list would refuse', () => {
    const body = (query: string) => savedViewBody.safeParse({ list: 'orders', name: 'X', query });
    expect(body('filter=open&sd=2026-02-14').data?.query).toBe('filter=open&sd=2026-02-14');
    expect(body('filter=everything').success).toBe(false);
    expect(body('sd=2026-13-01').success).toBe(false);
    expect(body('x'.repeat(1001)).success).toBe(false);
  });
});

describe('search', () => {
  it('needs two characters', () => {
    expect(searchQuery.safeParse({ q: ' a ' }).success).toBe(false);
    expect(searchQuery.parse({ q: ' ab ' }).q).toBe('ab');
  });

  it('finds a screen by every word typed, in its title, group or other words', () => {
    const unassigned = SEARCH_SCREENS.find((s) => s.url === '/orders/unassigned' && s.for === 'staff')!;
    expect(screenMatches(unassigned, 'orders unass')).toBe(true);
    expect(screenMatches(unassigned, 'assign')).toBe(true);
    expect(screenMatches(unassigned, 'orders delivered')).toBe(false);
  });
});
