import { afterEach, describe, expect, it, vi } from 'vitest';

import { ReadCache } from './read-cache';

afterEach(() => vi.useRealTimers());

describe('ReadCache', () => {
  it('loads once for concurrent misses and serves the value until it expires', async () => {
    vi.useFakeTimers();
    const cache = new ReadCache<number>(1_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await Promise.resolve();
      return loads;
    };
    const [a, b] = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.getOrLoad('k', load)).toBe(1);
    vi.advanceTimersByTime(1_001);
    expect(await cache.getOrLoad('k', load)).toBe(2);
  });

  it('drops everything on invalidate, and does not keep a load that started before it', async () => {
    const cache = new ReadCache<string>(60_000);
    cache.set('a', 'old');
    let release!: (v: string) => void;
    const slow = cache.getOrLoad('b', () => new Promise<string>((r) => (release = r)));
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
    release('stale');
    expect(await slow).toBe('stale'); // its callers still get an answer…
    expect(cache.get('b')).toBeUndefined(); // …but it is not kept
    expect(await cache.getOrLoad('b', async () => 'fresh')).toBe('fresh');
  });

  it('does not cache a failed load, and keeps or shares nothing with a lifetime of 0', async () => {
    const cache = new ReadCache<number>(60_000);
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('k', async () => 7)).toBe(7);
    const never = new ReadCache<number>(0);
    never.set('k', 1);
    expect(never.get('k')).toBeUndefined();
    let loads = 0;
    const load = async () => ++loads;
    await Promise.all([never.getOrLoad('k', load), never.getOrLoad('k', load)]);
    expect(loads).toBe(2);
  });

  it('evicts the oldest entry beyond its size', () => {
    const cache = new ReadCache<number>(60_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });
});
