// Language choice and message interpolation of server/http/i18n.ts (pure functions, no database).
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
  it('picks uz or en by Accept-Language, uz by default', async () => {
    expect(await langOf()).toBe('uz');
    expect(await langOf('en')).toBe('en');
    expect(await langOf('en-GB,en;q=0.9')).toBe('en');
    expect(await langOf('ru-RU,ru;q=0.9,en;q=0.8')).toBe('en');
    expect(await langOf('en;q=0.3,uz;q=0.7')).toBe('uz');
    expect(await langOf('ru')).toBe('uz');
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
  });
});
