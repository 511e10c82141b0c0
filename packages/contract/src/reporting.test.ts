import { describe, expect, it } from 'vitest';

import { formatQuantity } from './money';
import { formatDuration, statusReportAddress, statusReportQuery } from './reporting';

describe('formatDuration', () => {
  it('writes months, days and hours from seconds', () => {
    expect(formatDuration(0)).toBe('0 hours');
    expect(formatDuration(3599)).toBe('0 hours');
    expect(formatDuration(3600)).toBe('1 hour');
    expect(formatDuration(90_000)).toBe('1 day 1 hour');
    expect(formatDuration(2 * 86_400)).toBe('2 days');
    expect(formatDuration(31 * 86_400 + 7200)).toBe('1 month 1 day 2 hours');
  });
});

describe('statusReportQuery', () => {
  it('reads a status id and the range', () => {
    expect(statusReportQuery.parse({ status: '5', startDate: '2026-01-01' })).toEqual({
      status: 5,
      startDate: '2026-01-01',
    });
    expect(statusReportQuery.parse({ status: '' })).toEqual({});
  });

  it.each(['0', '11', 'open', '1.5', '-1'])('refuses the status %s', (status) => {
    const result = statusReportQuery.safeParse({ status });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['status']);
  });

  it('refuses an end before the start', () => {
    const result = statusReportQuery.safeParse({ startDate: '2026-02-01', endDate: '2026-01-01' });
    expect(result.error?.issues[0]?.path).toEqual(['endDate']);
  });

  it('reads the address leniently', () => {
    expect(statusReportAddress.parse({ status: '99', startDate: 'x' })).toEqual({
      startDate: undefined,
      endDate: undefined,
      status: undefined,
    });
    expect(statusReportAddress.parse({ status: '3' }).status).toBe('3');
  });
});

describe('formatQuantity', () => {
  it('writes up to three decimals with a comma', () => {
    expect(formatQuantity(100.5)).toBe('100,5');
    expect(formatQuantity(1204330)).toBe('1 204 330');
    expect(formatQuantity(2.125)).toBe('2,125');
    expect(formatQuantity(-0.25)).toBe('-0,25');
    expect(formatQuantity(0)).toBe('0');
  });
});
