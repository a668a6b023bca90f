// Russian plural forms (one / few / many) chosen by Intl.PluralRules in the screens' translator.
import { describe, expect, it, vi } from 'vitest';
import { isPluralForms, pluralCategory } from '../../../contract/plural';
import { createTranslator } from '../../../src/i18n/translator';

const COUNTS = [1, 2, 5, 11, 21, 22, 25];
const seats = { one: '{{count}} место', few: '{{count}} места', many: '{{count}} мест', other: '{{count}} места' };

function translator() {
  const files: Record<string, unknown> = {
    '/locales/uz/rooms.json': { seats: '{{count}} o‘rin', title: 'Xonalar' },
    '/locales/ru/rooms.json': { seats, title: 'Кабинеты' },
    '/locales/en/rooms.json': { seats: { one: '{{count}} seat', other: '{{count}} seats' } },
  };
  const fetch = vi.fn(async (input: RequestInfo | URL) => new Response(JSON.stringify(files[String(input)] ?? {}))) as unknown as typeof globalThis.fetch;
  return createTranslator({ basePath: '/locales', fetch });
}

describe('plural forms', () => {
  it('picks one, few and many for Russian counts', () => {
    expect(COUNTS.map((n) => pluralCategory(seats, 'ru', n))).toEqual(['one', 'few', 'many', 'many', 'one', 'few', 'many']);
    expect(pluralCategory(seats, 'ru', 1.5)).toBe('other');
    expect(pluralCategory({ one: 'x', other: 'y' }, 'ru', 5)).toBe('other');
  });

  it('tells a set of forms from nested keys', () => {
    expect(isPluralForms(seats)).toBe(true);
    expect(isPluralForms({ one: 'x' })).toBe(false);
    expect(isPluralForms({ other: 'x', label: 'y' })).toBe(false);
    expect(isPluralForms('x')).toBe(false);
  });

  it('the translator reads the form for the count in each language', async () => {
    const tr = translator();
    await tr.loadNamespaces('ru', ['rooms']);
    await tr.loadNamespaces('en', ['rooms']);
    expect(COUNTS.map((count) => tr.translate('ru', 'rooms.seats', { count }))).toEqual([
      '1 место',
      '2 места',
      '5 мест',
      '11 мест',
      '21 место',
      '22 места',
      '25 мест',
    ]);
    expect(tr.translate('en', 'rooms.seats', { count: 1 })).toBe('1 seat');
    expect(tr.translate('en', 'rooms.seats', { count: 22 })).toBe('22 seats');
    expect(tr.translate('uz', 'rooms.seats', { count: 22 })).toBe('22 o‘rin');
    // No number: the "other" form rather than nothing.
    expect(tr.translate('ru', 'rooms.seats', { count: 'many' })).toBe('many места');
    expect(tr.translate('ru', 'rooms.title')).toBe('Кабинеты');
  });
});
