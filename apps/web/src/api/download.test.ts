import { describe, expect, it } from 'vitest';

import { fileNameOf } from './download';

describe('fileNameOf', () => {
  it('reads the plain and the encoded file name of a content-disposition header', () => {
    expect(fileNameOf('attachment; filename="partners-2026-05-01.csv"')).toBe('partners-2026-05-01.csv');
    expect(fileNameOf('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameOf(`attachment; filename="x.csv"; filename*=UTF-8''caf%C3%A9.csv`)).toBe('café.csv');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
