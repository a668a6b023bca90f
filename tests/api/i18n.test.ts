// Language choice and message interpolation of server/http/i18n.ts (pure functions, no database).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { conflictMessage } from '../../server/domain/core/errors';
import { handleError } from '../../server/http/handleError';
import { interpolate, requestLang, translate } from '../../server/http/i18n';
import { testConfig } from './harness';

const app = new Hono().get('/', (c) => c.text(requestLang(c)));
const langOf = async (header?: string) =>
  (await app.request('/', { headers: header === undefined ? {} : { 'accept-language': header } })).text();

describe('i18n', () => {
  it('picks uz, ru or en by Accept-Language, uz by default', async () => {
    expect(await langOf()).toBe('uz');
    expect(await langOf('en')).toBe('en');
    expect(await langOf('en-GB,en;q=0.9')).toBe('en');
    expect(await langOf('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(await langOf('ru')).toBe('ru');
    expect(await langOf('ru;q=0.3,uz;q=0.7')).toBe('uz');
    expect(await langOf('en;q=0.3,uz;q=0.7')).toBe('uz');
    expect(await langOf('kk,de')).toBe('uz');
    expect(await langOf('en;q=0')).toBe('uz');
  });

  it('interpolates {{name}} and leaves unknown names alone', () => {
    expect(interpolate('Kamida {{min}} ta, {{ max }}, {{x}}', { min: 6, max: 10 })).toBe('Kamida 6 ta, 10, {{x}}');
  });

  it('translates keys and falls back to the key itself', () => {
    const dir = testConfig().localesDir;
    expect(translate(dir, 'en', 'validation.minLength', { min: 6 })).toBe('Must be at least 6 characters');
    expect(translate(dir, 'uz', 'validation.nope')).toBe('validation.nope');
    expect(translate('/nonexistent', 'uz', 'validation.required')).toBe('validation.required');
  });

  it('translates into Russian with plural forms, and falls back to Uzbek for a key Russian lacks', () => {
    const dir = fileURLToPath(new URL('../../locales', import.meta.url));
    expect(translate(dir, 'ru', 'validation.minLength', { min: 6 })).toBe('Не меньше 6 символов');
    const seats = (count: number) => translate(dir, 'ru', 'rooms.seats', { count });
    expect([1, 2, 5, 11, 21, 22, 25].map(seats)).toEqual(['1 место', '2 места', '5 мест', '11 мест', '21 место', '22 места', '25 мест']);
    expect(translate(dir, 'uz', 'rooms.seats', { count: 2 })).toBe('2 o‘rin');
    const own = mkdtempSync(path.join(tmpdir(), 'locales-'));
    mkdirSync(path.join(own, 'uz'));
    mkdirSync(path.join(own, 'ru'));
    writeFileSync(path.join(own, 'uz', 'x.json'), JSON.stringify({ only: 'Faqat {{n}}', both: 'Ikkala' }));
    writeFileSync(path.join(own, 'ru', 'x.json'), JSON.stringify({ both: 'Оба' }));
    expect(translate(own, 'ru', 'x.both')).toBe('Оба');
    expect(translate(own, 'ru', 'x.only', { n: 1 })).toBe('Faqat 1');
    expect(translate(own, 'ru', 'x.none')).toBe('x.none');
  });

  it('answers a keyed error in the request language, with its code and extra fields', async () => {
    const localesDir = fileURLToPath(new URL('../../locales', import.meta.url));
    const keyed = new Hono()
      .use('*', async (c, next) => {
        c.set('config' as never, { localesDir } as never);
        await next();
      })
      .get('/', () => {
        throw conflictMessage('errors.firstLessonAhead', { date: '30.11.2026' }, { first_lesson_date: '2026-11-30' });
      })
      .onError(handleError);
    const uzRes = await keyed.request('/');
    expect(uzRes.status).toBe(409);
    expect(await uzRes.json()).toEqual({
      code: 'errors.firstLessonAhead',
      detail: 'Birinchi dars (30.11.2026) hali o‘tmagan: buyurtma shu darsdan keyin o‘quvchiga aylanadi',
      first_lesson_date: '2026-11-30',
    });
    const enRes = await keyed.request('/', { headers: { 'accept-language': 'en' } });
    expect((await enRes.json()).detail).toBe('The first lesson (30.11.2026) has not taken place yet: the order becomes a student after it');
    const ruRes = await keyed.request('/', { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect((await ruRes.json()).detail).toBe('Первый урок (30.11.2026) ещё не прошёл: заявка станет учеником после него');
  });
});
