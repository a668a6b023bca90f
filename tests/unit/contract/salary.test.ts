// The salary rule of contract/salary.ts: every kind, exact tiyin, half-up rounding of percent and pro-rata fixed
// pay, empty months and an employee archived during the month.
import { describe, expect, it } from 'vitest';
import { daysEmployed, daysInMonth, salaryFor, salaryQuery, type SalaryFacts } from '../../../contract/salary';

const facts = (over: Partial<SalaryFacts> = {}): SalaryFacts => ({ lessons: 0, students: 0, paid: '0.00', days_in_month: 30, days_employed: 30, ...over });

describe('salaryFor', () => {
  it('fixed pays the monthly amount whatever the lessons', () => {
    expect(salaryFor({ kind: 'fixed', amount: '3000000', percent: null }, facts())).toBe('3000000.00');
    expect(salaryFor({ kind: 'fixed', amount: '3000000.55', percent: null }, facts({ lessons: 12, paid: '99.00' }))).toBe('3000000.55');
  });

  it('fixed is pro rata for an employee archived during the month, rounded half up to the tiyin', () => {
    // 1 000 000 × 10 / 30 = 333 333.333… → 333 333.33
    expect(salaryFor({ kind: 'fixed', amount: '1000000', percent: null }, facts({ days_employed: 10 }))).toBe('333333.33');
    // 1 000 000 × 20 / 30 = 666 666.666… → 666 666.67
    expect(salaryFor({ kind: 'fixed', amount: '1000000', percent: null }, facts({ days_employed: 20 }))).toBe('666666.67');
    // 0.01 × 15 / 30 = 0.005 → half up to 0.01
    expect(salaryFor({ kind: 'fixed', amount: '0.01', percent: null }, facts({ days_employed: 15 }))).toBe('0.01');
    expect(salaryFor({ kind: 'fixed', amount: '1000000', percent: null }, facts({ days_employed: 0 }))).toBe('0.00');
  });

  it('per_lesson multiplies by the lessons held; no lessons pay nothing', () => {
    expect(salaryFor({ kind: 'per_lesson', amount: '85000.50', percent: null }, facts({ lessons: 13, students: 100 }))).toBe('1105006.50');
    expect(salaryFor({ kind: 'per_lesson', amount: '85000', percent: null }, facts())).toBe('0.00');
  });

  it('per_student multiplies by the present and late marks; none pay nothing', () => {
    expect(salaryFor({ kind: 'per_student', amount: '7000.25', percent: null }, facts({ lessons: 3, students: 27 }))).toBe('189006.75');
    expect(salaryFor({ kind: 'per_student', amount: '7000', percent: null }, facts({ lessons: 3 }))).toBe('0.00');
  });

  it('percent takes a share of what was paid, rounded half up to the tiyin', () => {
    expect(salaryFor({ kind: 'percent', amount: null, percent: '40' }, facts({ paid: '1250000.00' }))).toBe('500000.00');
    // 12.5 % of 100.01 = 12.50125 → 12.50
    expect(salaryFor({ kind: 'percent', amount: null, percent: '12.5' }, facts({ paid: '100.01' }))).toBe('12.50');
    // 50 % of 0.01 = 0.005 → 0.01 (half up)
    expect(salaryFor({ kind: 'percent', amount: null, percent: '50' }, facts({ paid: '0.01' }))).toBe('0.01');
    // 33.33 % of 0.03 = 0.009999 → 0.01
    expect(salaryFor({ kind: 'percent', amount: null, percent: '33.33' }, facts({ paid: '0.03' }))).toBe('0.01');
    // 0.01 % of 49.99 = 0.004999 → 0.00
    expect(salaryFor({ kind: 'percent', amount: null, percent: '0.01' }, facts({ paid: '49.99' }))).toBe('0.00');
    expect(salaryFor({ kind: 'percent', amount: null, percent: '100' }, facts({ paid: '123456789012.34' }))).toBe('123456789012.34');
  });

  it('percent of nothing paid, or of a month whose reversals exceed its payments, is zero', () => {
    expect(salaryFor({ kind: 'percent', amount: null, percent: '40' }, facts())).toBe('0.00');
    expect(salaryFor({ kind: 'percent', amount: null, percent: '40' }, facts({ paid: '-50000.00' }))).toBe('0.00');
  });

  it('terms without an amount or percent pay nothing', () => {
    expect(salaryFor({ kind: 'per_lesson', amount: null, percent: null }, facts({ lessons: 5 }))).toBe('0.00');
    expect(salaryFor({ kind: 'percent', amount: null, percent: null }, facts({ paid: '100.00' }))).toBe('0.00');
    expect(salaryFor({ kind: 'fixed', amount: null, percent: null }, facts())).toBe('0.00');
  });
});

describe('month days', () => {
  it('counts the days of a month, leap Februaries included', () => {
    expect([daysInMonth('2026-02'), daysInMonth('2024-02'), daysInMonth('2026-04'), daysInMonth('2026-12')]).toEqual([28, 29, 30, 31]);
  });

  it('counts the days employed up to and including the archive day', () => {
    expect(daysEmployed('2026-03', null)).toBe(31);
    expect(daysEmployed('2026-03', '2026-03-10')).toBe(10);
    expect(daysEmployed('2026-03', '2026-04-01')).toBe(31);
    expect(daysEmployed('2026-03', '2026-02-28')).toBe(0);
  });
});

describe('salaryQuery', () => {
  it('wants a real YYYY-MM month and an optional branch', () => {
    expect(salaryQuery.parse({ month: '2026-03', filial: '2' })).toEqual({ month: '2026-03', filial: 2 });
    expect(salaryQuery.safeParse({ month: '2026-13' }).success).toBe(false);
    expect(salaryQuery.safeParse({ month: '' }).error?.issues[0].message).toBe('validation.required');
    expect(salaryQuery.safeParse({}).error?.issues[0].message).toBe('validation.required');
    expect(salaryQuery.safeParse({ month: '2026-3' }).error?.issues[0].message).toBe('validation.month');
  });
});
