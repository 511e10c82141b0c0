/** The one seed everything derives from: change it and every generated value changes. */
export const SEED = 20_240_214;

/** Mixes numbers into one 32-bit seed (FNV-1a over their 32-bit words), so each order gets its own stream. */
export function hashSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    let v = Math.floor(p) >>> 0;
    for (let i = 0; i < 4; i++) {
      h ^= v & 0xff;
      h = Math.imul(h, 0x01000193) >>> 0;
      v >>>= 8;
    }
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for demo data; not for anything secret. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  static for(...parts: number[]): Rng {
    return new Rng(hashSeed(SEED, ...parts));
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight; `weights` pairs each item with a non-negative weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }

  /** `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < count && copy.length > 0) {
      out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    }
    return out;
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
}

export { slugify } from '@bloomline/contract';

/** A South African mobile number, as people write it: "+27 82 555 0142". */
export function mobilePhone(rng: Rng): string {
  const prefix = rng.pick([
    '60',
    '61',
    '62',
    '63',
    '71',
    '72',
    '73',
    '74',
    '76',
    '78',
    '79',
    '81',
    '82',
    '83',
    '84',
  ]);
  return `+27 ${prefix} ${rng.digits(3)} ${rng.digits(4)}`;
}

/** A landline in the city's area code ("21" for Cape Town): "+27 21 423 5567". */
export function landline(rng: Rng, areaCode: string): string {
  return `+27 ${areaCode} ${String(rng.int(2, 9))}${rng.digits(2)} ${rng.digits(4)}`;
}
