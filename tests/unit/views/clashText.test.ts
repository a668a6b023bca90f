import { describe, expect, it } from 'vitest';
import type { Clash } from '../../../contract/groups';
import type { Translate } from '../../../src/i18n';
import { clashText } from '../../../src/views/edu/groups/list/scheduleText';

// Keys come back as written, with their parameters, so the test reads what the text is made of.
const t: Translate = (key, params) => (params ? `${key}${JSON.stringify(params)}` : key);
const base = { kind: 'teacher' as const, days: [1, 3], start_time: '10:00', end_time: '11:30' };

describe('clashText', () => {
  it('names the group a teacher is busy with', () => {
    const clash: Clash = { ...base, group: { id: 4, name: 'IELTS 5' } };
    expect(clashText(clash, t, 'en')).toMatch(/^groups\.clash\.teacher\{"group":"IELTS 5"/);
  });
  it('words a one-off lesson with its date', () => {
    const clash: Clash = { ...base, group: null, lesson: { id: 9, date: '2026-11-24' } };
    expect(clashText(clash, t, 'en')).toMatch(/^groups\.clash\.teacherLesson\{.*"date":"Nov 24, 2026"/);
  });
  it('says the teacher is busy in another branch when the server names neither group nor lesson', () => {
    const clash: Clash = { ...base, group: null };
    expect(clashText(clash, t, 'en')).toMatch(/^groups\.clash\.teacherElsewhere\{/);
  });
});
