import { describe, expect, it } from 'vitest';
import type { Translate } from '../../../src/i18n';
import { ApiError } from '../../../src/api/errors';
import { courseFormSchema, courseFormValues, typedAmount, typedCount } from '../../../src/views/edu/materials/courses/courseForm';
import { queryIdOf, queryPageOf, resolveTab } from '../../../src/views/edu/materials/materialsTabs';
import { arrangeByIds, renumber } from '../../../src/views/edu/materials/parts/arrange';
import { errorText } from '../../../src/views/edu/materials/parts/errorText';
import { applyServerErrors } from '../../../src/views/common/serverErrors';

const t: Translate = (key) => `t:${key}`;

describe('materials tab', () => {
  it('takes the address first, then the remembered tab, else subjects', () => {
    expect(resolveTab('themes', 'levels')).toBe('themes');
    expect(resolveTab(null, 'levels')).toBe('levels');
    expect(resolveTab('nonsense', 'courses')).toBe('courses');
    expect(resolveTab(null, 'payments')).toBe('subjects'); // another page's tab
    expect(resolveTab(null, null)).toBe('subjects');
  });

  it('reads ids and pages from the query', () => {
    expect(queryIdOf('12')).toBe(12);
    for (const bad of [null, '', 'abc', '0', '-3', '1.5', '99999999999']) expect(queryIdOf(bad)).toBeNull();
    expect(queryPageOf('3')).toBe(3);
    expect(queryPageOf('0')).toBe(1);
    expect(queryPageOf(null)).toBe(1);
  });
});

describe('ordered lists', () => {
  const items = [1, 2, 3, 4].map((id) => ({ id, position: id }));

  it('arranges items by ids, new ones after, unknown ids skipped', () => {
    expect(arrangeByIds(items, [3, 1, 9, 2]).map((i) => i.id)).toEqual([3, 1, 2, 4]);
  });

  it('renumbers positions 1..n in the new order without touching the input', () => {
    expect(renumber(items, [4, 3, 2, 1])).toEqual([
      { id: 4, position: 1 },
      { id: 3, position: 2 },
      { id: 2, position: 3 },
      { id: 1, position: 4 },
    ]);
    expect(items[0]).toEqual({ id: 1, position: 1 });
  });
});

describe('course form', () => {
  const filled = { name: ' IELTS ', subject: 1, level: 2, price: '1250000.5', lessons_per_month: 12, duration_months: 6 };

  it('reads typed amounts and counts', () => {
    expect(typedAmount('1 250 000,50')).toBe('1250000.50');
    expect(typedAmount('1\u00a0250\u00a0000')).toBe('1250000');
    expect(typedCount('12 ta')).toBe(12);
    expect(typedCount('')).toBeNull();
  });

  it('gives the contract values: trimmed name, two-decimal price', () => {
    expect(courseFormSchema.parse(filled)).toEqual({ ...filled, name: 'IELTS', price: '1250000.50' });
  });

  it('answers "required" for every empty field, the price included', () => {
    const result = courseFormSchema.safeParse(courseFormValues(null));
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      name: 'validation.required',
      subject: 'validation.required',
      level: 'validation.required',
      price: 'validation.required',
      lessons_per_month: 'validation.required',
      duration_months: 'validation.required',
    });
  });

  it('keeps the contract limits', () => {
    const issues = courseFormSchema.safeParse({ ...filled, price: '0', lessons_per_month: 40, duration_months: 0 }).error?.issues ?? [];
    expect(issues.map((i) => [i.path[0], i.message])).toEqual([
      ['price', 'validation.moneyPositive'],
      ['lessons_per_month', 'validation.max'],
      ['duration_months', 'validation.min'],
    ]);
  });

  it('starts an edit from the course', () => {
    const course = { id: 5, filial: 1, filial_name: 'Chilonzor', subject: 1, subject_name: 'Ingliz tili', level: 2, level_name: 'B1', name: 'B1', price: '450000.00', lessons_per_month: 12, duration_months: 3, is_archived: false, groups_count: 0 };
    expect(courseFormValues(course)).toEqual({ name: 'B1', subject: 1, level: 2, price: '450000.00', lessons_per_month: 12, duration_months: 3 });
  });
});

describe('server errors in forms', () => {
  function fakeForm() {
    const meta: Record<string, { errorMap: Record<string, unknown> }> = {};
    return {
      meta,
      setFieldMeta(name: string, update: (m: never) => unknown) {
        meta[name] = update({ errorMap: {} } as never) as { errorMap: Record<string, unknown> };
      },
    };
  }

  it('puts field messages under their fields and returns the rest', () => {
    const form = fakeForm();
    const rest = applyServerErrors(form, new ApiError(400, undefined, { name: ['Bu nom band'], filial: ['Filial o‘zgarmaydi'] }), ['name', 'price']);
    expect(form.meta.name.errorMap.onServer).toBe('Bu nom band');
    expect(form.meta.price).toBeUndefined();
    expect(rest).toEqual(['Filial o‘zgarmaydi']);
  });

  it('leaves other failures to the caller', () => {
    const form = fakeForm();
    expect(applyServerErrors(form, new ApiError(500), ['name'])).toBeNull();
    expect(applyServerErrors(form, new Error('x'), ['name'])).toBeNull();
    expect(applyServerErrors(form, new ApiError(400, 'Malformed JSON body'), ['name'])).toEqual(['Malformed JSON body']);
  });

  it('says in one line why a change failed', () => {
    expect(errorText(new ApiError(0), t)).toBe('t:common.errors.network');
    expect(errorText(new ApiError(403), t)).toBe('t:common.errors.forbidden');
    expect(errorText(new ApiError(404), t)).toBe('t:materials.errors.gone');
    expect(errorText(new ApiError(409, 'Guruhlar bor', { ids: ['1'] }), t)).toBe('Guruhlar bor 1');
    expect(errorText(new ApiError(500), t)).toBe('t:common.errors.unknown');
    expect(errorText(new Error('boom'), t)).toBe('t:common.errors.unknown');
  });
});
