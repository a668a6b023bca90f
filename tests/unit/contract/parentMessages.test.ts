import { describe, expect, it } from 'vitest';
import { EVENT_PLACEHOLDERS, MESSAGE_EVENTS, PLACEHOLDERS, placeholdersIn, renderTemplate, unknownPlaceholders } from '../../../contract/parentMessages';

describe('parent message templates', () => {
  it('fills every placeholder its event knows and leaves the text around them as written', () => {
    const text = renderTemplate('{student} {date} kuni {time} dagi {group} darsiga kelmadi. Tel: {phone}', {
      student: 'Aziza Karimova',
      date: '26.11.2026',
      time: '14:00',
      group: 'IELTS 6.5',
      phone: '+998 71 200 00 00',
    });
    expect(text).toBe('Aziza Karimova 26.11.2026 kuni 14:00 dagi IELTS 6.5 darsiga kelmadi. Tel: +998 71 200 00 00');
  });

  it('names the placeholders an event cannot fill, each once', () => {
    expect(unknownPlaceholders('debt', 'Qarz: {balance}. {studnet}, {group}, {group}')).toEqual(['studnet', 'group']);
    expect(unknownPlaceholders('welcome', '{student} {group} {date} {time} {room} {teacher} {phone}')).toEqual([]);
    expect(placeholdersIn('{a}{b}{a} {} {x y}')).toEqual(['a', 'b', '']);
    expect(unknownPlaceholders('payment', 'empty braces {}')).toEqual(['']);
  });

  it('keeps a placeholder without a value visible rather than sending a gap', () => {
    expect(renderTemplate('{student}: {amount}', { student: 'Ali' })).toBe('Ali: {amount}');
  });

  it('gives every event the student and the centre phone, and uses only known placeholders', () => {
    for (const event of MESSAGE_EVENTS) {
      expect(EVENT_PLACEHOLDERS[event]).toEqual(expect.arrayContaining(['student', 'phone']));
      for (const p of EVENT_PLACEHOLDERS[event]) expect(PLACEHOLDERS).toContain(p);
    }
  });
});
