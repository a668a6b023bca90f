import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gsmFriendly, smsLength } from '../../../contract/smsText';

describe('SMS text', () => {
  it('keeps Uzbek Latin in GSM-7 once its oʻ, gʻ and ʼ are plain apostrophes', () => {
    const text = 'Hurmatli ota-ona, farzandingiz bugungi darsga kelmadi. Oʻqituvchi: Gʻayrat. Maʼlumot uchun: +998 90 123 45 67';
    expect(smsLength(text).encoding).toBe('ucs2');
    const sent = gsmFriendly(text);
    expect(sent).toContain("O'qituvchi: G'ayrat. Ma'lumot");
    expect(smsLength(sent)).toMatchObject({ encoding: 'gsm7', units: sent.length, parts: 1 });
  });

  it('replaces the typographic quotes and dashes a phone keyboard types, and keeps Cyrillic as it is', () => {
    expect(gsmFriendly('«Ingliz tili» — o‘quv markazi…')).toBe(`"Ingliz tili" - o'quv markazi...`);
    const russian = gsmFriendly('Ваш ребёнок пропустил урок');
    expect(russian).toBe('Ваш ребёнок пропустил урок');
    expect(smsLength(russian).encoding).toBe('ucs2');
  });

  it('counts parts at 160/153 septets in GSM-7 and 70/67 units in UCS-2', () => {
    expect(smsLength('')).toMatchObject({ units: 0, parts: 0 });
    expect(smsLength('a'.repeat(160))).toMatchObject({ encoding: 'gsm7', parts: 1, perPart: 160 });
    expect(smsLength('a'.repeat(161))).toMatchObject({ parts: 2, perPart: 153 });
    expect(smsLength('a'.repeat(306))).toMatchObject({ parts: 2 });
    expect(smsLength('a'.repeat(307))).toMatchObject({ parts: 3 });
    expect(smsLength('б'.repeat(70))).toMatchObject({ encoding: 'ucs2', parts: 1, perPart: 70 });
    expect(smsLength('б'.repeat(71))).toMatchObject({ parts: 2, perPart: 67 });
    expect(smsLength('б'.repeat(134))).toMatchObject({ parts: 2 });
  });

  it('counts an extension character as two septets and never splits it across parts', () => {
    expect(smsLength('€'.repeat(80))).toMatchObject({ encoding: 'gsm7', units: 160, parts: 1 });
    // 152 septets, then a two-septet € does not fit the first part's 153.
    expect(smsLength(`${'a'.repeat(152)}€${'a'.repeat(10)}`)).toMatchObject({ units: 164, parts: 2 });
    expect(smsLength(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toMatchObject({ units: 306, parts: 3 });
  });

  it('counts an emoji as two UCS-2 units, kept whole in one part', () => {
    expect(smsLength('😀')).toMatchObject({ encoding: 'ucs2', units: 2, parts: 1 });
    expect(smsLength(`${'б'.repeat(66)}😀${'б'.repeat(10)}`)).toMatchObject({ units: 78, parts: 2 });
  });

  it('turns any Latin text with look-alikes into GSM-7, counted 160 a part or 153 when joined', () => {
    const latinWithLookAlikes = fc.stringMatching(/^[A-Za-z0-9 .,!?ʻʼ‘’«»—–…-]{0,400}$/);
    fc.assert(
      fc.property(latinWithLookAlikes, (text) => {
        const sent = gsmFriendly(text);
        const after = smsLength(sent);
        expect(after.encoding).toBe('gsm7');
        expect(after.parts).toBe(after.units === 0 ? 0 : after.units <= 160 ? 1 : Math.ceil(after.units / 153));
      }),
    );
  });
});
