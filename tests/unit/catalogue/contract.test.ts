import { describe, expect, it } from 'vitest';
import { catalogueMsg, courseCreate, levelsReorder, moneyField, subjectsQuery } from '../../../contract/catalogue';
import { normalizeMoney } from '../../../contract/money';
import { importColumnOf, importMsg, importRow } from '../../../contract/catalogueImport';
import { msg } from '../../../contract/common';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('normalizeMoney', () => {
  it.each([
    ['450000', '450000.00'],
    ['450000.5', '450000.50'],
    [' 12.34 ', '12.34'],
    ['007', '7.00'],
    ['0.10', '0.10'],
    ['999999999999.99', '999999999999.99'],
    // The limit is the schemas' check, so a long amount is told the limit rather than "not an amount".
    ['1000000000000', '1000000000000.00'],
  ])('reads %j as %j', (input, out) => expect(normalizeMoney(input)).toBe(out));

  it.each([[450000.5, '450000.50'], [0.1, '0.10'], [1e3, '1000.00']])('reads the number %j as %j', (input, out) =>
    expect(normalizeMoney(input)).toBe(out),
  );

  it.each(['', 'abc', '1,5', '1.234', '-5', '+5', '1e3', '12.', '.5', '450 000'])('refuses %j', (input) =>
    expect(normalizeMoney(input)).toBeNull(),
  );

  it.each([NaN, Infinity, -1, 1e21, 0.125])('refuses the number %j', (input) => expect(normalizeMoney(input)).toBeNull());
});

describe('moneyField', () => {
  it('gives a two-decimal string', () => expect(moneyField.parse(1250000.5)).toBe('1250000.50'));
  it('refuses zero as not positive', () => expect(moneyField.safeParse('0.00').error?.issues[0].message).toBe(catalogueMsg.moneyPositive));
  it('asks for a value when there is none', () => expect(moneyField.safeParse(undefined).error?.issues[0].message).toBe(msg.required));
  it('names the limit above 10 000 000 000', () => expect(moneyField.safeParse('10000000000.01').error?.issues[0].message).toBe('validation.moneyMax'));
});

describe('courseCreate', () => {
  it('keeps lessons per month within 1..31 and months within 1..60', () => {
    const base = { filial: 1, subject: 1, level: 1, name: 'K', price: '1' };
    expect(courseCreate.safeParse({ ...base, lessons_per_month: 31, duration_months: 60 }).success).toBe(true);
    expect(messages(courseCreate.safeParse({ ...base, lessons_per_month: 0, duration_months: 61 }))).toEqual({
      lessons_per_month: catalogueMsg.min,
      duration_months: catalogueMsg.max,
    });
  });

  it('says which field is missing and which is malformed', () => {
    expect(messages(courseCreate.safeParse({ filial: 'x', subject: null }))).toMatchObject({
      filial: msg.positiveInt,
      subject: msg.required,
      level: msg.required,
    });
  });
});

describe('levelsReorder', () => {
  it('refuses repeated ids and an empty list', () => {
    expect(messages(levelsReorder.safeParse({ subject: 1, ids: [1, 1] }))).toEqual({ ids: catalogueMsg.duplicateIds });
    expect(messages(levelsReorder.safeParse({ subject: 1, ids: [] }))).toEqual({ ids: msg.required });
  });
});

describe('subjectsQuery', () => {
  it('lists active subjects unless asked otherwise, and ignores an empty search', () => {
    expect(subjectsQuery.parse({ q: '  ' })).toEqual({ page: 1, page_size: 30, is_archived: false });
    expect(subjectsQuery.parse({ is_archived: 'true', q: ' fan ' })).toMatchObject({ is_archived: true, q: 'fan' });
  });
});

describe('import columns and rows', () => {
  it.each([
    ['subject', 'subject'],
    [' FAN ', 'subject'],
    ['Daraja', 'level'],
    ['level', 'level'],
    ['MAVZU', 'theme'],
    ['Theme', 'theme'],
    ['name', null],
  ])('reads the header %j as %j', (header, column) => expect(importColumnOf(header)).toBe(column));

  it('needs a subject, and a level for a theme', () => {
    expect(importRow.safeParse({ subject: 'Fan' }).success).toBe(true);
    expect(importRow.parse({ subject: 'Fan', level: '', theme: ' ' })).toEqual({ subject: 'Fan' });
    expect(messages(importRow.safeParse({ level: 'A' }))).toEqual({ subject: msg.required });
    expect(messages(importRow.safeParse({ subject: 'Fan', theme: 'T' }))).toEqual({ level: importMsg.themeNeedsLevel });
  });
});
