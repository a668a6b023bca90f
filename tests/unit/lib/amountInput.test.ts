import { describe, expect, it } from 'vitest';
import { amountToInput, formatAmountInput, parseAmountInput } from '../../../src/lib/amountInput';

describe('parseAmountInput', () => {
  it.each([
    ['1500000', '1500000.00'],
    ['1 500 000', '1500000.00'],
    ['1\u00a0500\u00a0000', '1500000.00'],
    ['1500000,50', '1500000.50'],
    ['1 500 000,5', '1500000.50'],
    ['1500000.05', '1500000.05'],
    ["1'500'000", '1500000.00'],
    [' 12 ', '12.00'],
    ['007', '7.00'],
    ['0', '0.00'],
    ['0,01', '0.01'],
  ])('%j → %s', (text, amount) => {
    expect(parseAmountInput(text)).toBe(amount);
  });

  it.each(['', '   ', '-5', '+5', '1,234,567', '1.234,56', '12,345', '1e6', 'abc', '150 000 so‘m', ',5', '5,'])('%j is not an amount', (text) => {
    expect(parseAmountInput(text)).toBeNull();
  });

  it('stays exact for amounts a float would round', () => {
    expect(parseAmountInput('999 999 999 999,99')).toBe('999999999999.99');
    expect(parseAmountInput('90071992547409931')).toBe('90071992547409931.00');
  });
});

describe('formatAmountInput', () => {
  it('groups the thousands with spaces and keeps the cents with a comma', () => {
    expect(formatAmountInput('1500000')).toBe('1 500 000');
    expect(formatAmountInput('1500000,5')).toBe('1 500 000,50');
    expect(formatAmountInput('999')).toBe('999');
    expect(formatAmountInput('1000.10')).toBe('1 000,10');
  });

  it('leaves text that is not an amount as typed', () => {
    expect(formatAmountInput('12,345')).toBe('12,345');
    expect(formatAmountInput('')).toBe('');
  });

  it('turns a wire amount into a field text', () => {
    expect(amountToInput('150000.00')).toBe('150 000');
    expect(amountToInput('150000.25')).toBe('150 000,25');
  });
});
