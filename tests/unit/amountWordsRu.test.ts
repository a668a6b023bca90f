import { describe, expect, it } from 'vitest';
import { ruAmountWords, ruNumberWords } from '../../contract/amountWordsRu';

describe('amounts in Russian words', () => {
  it('writes numbers with feminine thousands and the right forms of the scale words', () => {
    expect(ruNumberWords(0n)).toBe('ноль');
    expect(ruNumberWords(21n)).toBe('двадцать один');
    expect(ruNumberWords(1000n)).toBe('одна тысяча');
    expect(ruNumberWords(2000n)).toBe('две тысячи');
    expect(ruNumberWords(5000n)).toBe('пять тысяч');
    expect(ruNumberWords(11000n)).toBe('одиннадцать тысяч');
    expect(ruNumberWords(1_250_000n)).toBe('один миллион двести пятьдесят тысяч');
    expect(ruNumberWords(22_000_000_000n)).toBe('двадцать два миллиарда');
  });

  it('writes so‘m and tiyin in the form the number asks for', () => {
    expect(ruAmountWords('550000.00')).toBe('пятьсот пятьдесят тысяч сумов');
    expect(ruAmountWords('1.00')).toBe('один сум');
    expect(ruAmountWords('3.00')).toBe('три сума');
    expect(ruAmountWords('1250000.50')).toBe('один миллион двести пятьдесят тысяч сумов 50 тийинов');
    expect(ruAmountWords('21.01')).toBe('двадцать один сум 01 тийин');
    expect(ruAmountWords('-12.00')).toBe('минус двенадцать сумов');
  });
});
