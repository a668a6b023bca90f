// The scale seed's randomness: one fast generator for numbers (mulberry32) and one faker instance with the Uzbek
// (latin) locale for names, both seeded from `--seed`, so the same seed on the same day gives the same centre.
import { Faker, base, uz_UZ_latin } from '@faker-js/faker';

export type Rng = {
  /** [0, 1) */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(table: readonly (readonly [T, number])[]): T;
};

export function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    weighted(table) {
      const total = table.reduce((s, [, w]) => s + w, 0);
      let roll = next() * total;
      for (const [value, w] of table) {
        roll -= w;
        if (roll < 0) return value;
      }
      return table[table.length - 1][0];
    },
  };
}

export function makeFaker(seed: number): Faker {
  const faker = new Faker({ locale: [uz_UZ_latin, base] });
  faker.seed(seed);
  return faker;
}

export type Sex = 'male' | 'female';

/** "Karimova Madina": family name first, as the centre's lists show students. */
export function personName(faker: Faker, sex: Sex): string {
  return `${faker.person.lastName(sex)} ${faker.person.firstName(sex)}`;
}

/**
 * Mobile codes of Uzbek operators. 90, 95, 97 and 99 are left out: the demo centre's phones use them, so a
 * generated person never shares a phone with a demo one.
 */
const OPERATOR_CODES = ['33', '50', '77', '88', '91', '93', '94', '98'] as const;

/** Phones `+998XXXXXXXXX` (contract/phone.ts), never the same twice within one run. */
export class PhoneBook {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Rng, taken: Iterable<string> = []) {
    for (const p of taken) this.used.add(p);
  }

  next(): string {
    for (;;) {
      const phone = `+998${this.rng.pick(OPERATOR_CODES)}${String(this.rng.int(0, 9_999_999)).padStart(7, '0')}`;
      if (!this.used.has(phone)) {
        this.used.add(phone);
        return phone;
      }
    }
  }
}
