import { describe, expect, it } from 'vitest';
import { isQuiet, nextSendableAt } from '../../../../server/domain/messages/quietHours';

const at = (iso: string) => new Date(iso);

describe('quiet hours (21:00–08:00 in Tashkent)', () => {
  it('lets a message go at once in the day, to the last minute before nine in the evening', () => {
    for (const t of ['2026-11-26T08:00:00+05:00', '2026-11-26T13:30:00+05:00', '2026-11-26T20:59:59+05:00']) {
      expect(isQuiet(at(t))).toBe(false);
      expect(nextSendableAt(at(t)).toISOString()).toBe(at(t).toISOString());
    }
  });

  it('holds an evening message until eight the next morning', () => {
    expect(nextSendableAt(at('2026-11-26T21:00:00+05:00')).toISOString()).toBe(at('2026-11-27T08:00:00+05:00').toISOString());
    expect(nextSendableAt(at('2026-11-26T23:59:00+05:00')).toISOString()).toBe(at('2026-11-27T08:00:00+05:00').toISOString());
  });

  it('holds a message after midnight until eight the same morning, across a month end', () => {
    expect(nextSendableAt(at('2026-12-01T00:10:00+05:00')).toISOString()).toBe(at('2026-12-01T08:00:00+05:00').toISOString());
    // 19:30 UTC on 30 November is 00:30 on 1 December in Tashkent.
    expect(nextSendableAt(at('2026-11-30T19:30:00Z')).toISOString()).toBe(at('2026-12-01T08:00:00+05:00').toISOString());
    expect(isQuiet(at('2026-12-01T07:59:00+05:00'))).toBe(true);
  });
});
