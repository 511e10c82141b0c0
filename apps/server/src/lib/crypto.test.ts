import { describe, expect, it } from 'vitest';

import { derivedKey, seal, unseal } from './crypto';

describe('seal / unseal (AES-256-GCM)', () => {
  const key = derivedKey('a session secret', 'bloomline xero tokens');

  it('opens what it sealed, with a new IV each time', () => {
    const a = seal(key, 'rt-secret');
    const b = seal(key, 'rt-secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('rt-secret');
    expect([unseal(key, a), unseal(key, b)]).toEqual(['rt-secret', 'rt-secret']);
  });

  it('refuses another key, an altered text and anything that is not sealed', () => {
    const sealed = seal(key, 'rt-secret');
    expect(unseal(derivedKey('another secret', 'bloomline xero tokens'), sealed)).toBeNull();
    expect(unseal(derivedKey('a session secret', 'another purpose'), sealed)).toBeNull();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1) ?? ''}`;
    expect(unseal(key, [v, iv, tag, flipped].join('.'))).toBeNull();
    expect(unseal(key, 'rt-secret')).toBeNull();
    expect(unseal(key, 'v1.x')).toBeNull();
  });
});
