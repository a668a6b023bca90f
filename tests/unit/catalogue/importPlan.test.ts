import { describe, expect, it } from 'vitest';
import { planImport, type ExistingCatalogue } from '../../../server/domain/catalogue/importPlan';

const empty: ExistingCatalogue = { subjects: [], levels: [], themes: [], lastLevelPosition: new Map(), lastThemePosition: new Map() };

const existing: ExistingCatalogue = {
  subjects: [{ id: 1, name: 'Ingliz tili' }],
  levels: [{ id: 5, subjectId: 1, name: 'IELTS' }],
  themes: [{ levelId: 5, name: 'Writing Task 1' }],
  // An archived level sits at 3 and an archived theme at 4: new items go after them.
  lastLevelPosition: new Map([[1, 3]]),
  lastThemePosition: new Map([[5, 4]]),
};

describe('planImport', () => {
  it('creates a new subject, its levels and themes in row order, positions from 1', () => {
    const plan = planImport(
      [
        { subject: 'Fizika', level: 'A', theme: 'Kuch' },
        { subject: 'Fizika', level: 'B', theme: 'Energiya' },
        { subject: 'Fizika', level: 'A', theme: 'Massa' },
      ],
      empty,
    );
    expect(plan).toEqual({
      subjects: [{ name: 'Fizika' }],
      levels: [
        { subject: { index: 0 }, name: 'A', position: 1 },
        { subject: { index: 0 }, name: 'B', position: 2 },
      ],
      themes: [
        { level: { index: 0 }, name: 'Kuch', position: 1 },
        { level: { index: 1 }, name: 'Energiya', position: 1 },
        { level: { index: 0 }, name: 'Massa', position: 2 },
      ],
    });
  });

  it('reuses existing rows whatever the case and appends after the last position, archived included', () => {
    const plan = planImport(
      [
        { subject: 'INGLIZ TILI', level: 'ielts', theme: 'writing task 1' },
        { subject: 'ingliz tili', level: 'IELTS', theme: 'Speaking' },
        { subject: 'Ingliz tili', level: 'Proficiency' },
      ],
      existing,
    );
    expect(plan).toEqual({
      subjects: [],
      levels: [{ subject: { id: 1 }, name: 'Proficiency', position: 4 }],
      themes: [{ level: { id: 5 }, name: 'Speaking', position: 5 }],
    });
  });

  it('creates each name once even when the file repeats it in another case', () => {
    const plan = planImport(
      [
        { subject: 'Kimyo', level: 'A', theme: 'Atom' },
        { subject: 'KIMYO', level: 'a', theme: 'ATOM' },
        { subject: 'kimyo' },
      ],
      empty,
    );
    expect([plan.subjects.length, plan.levels.length, plan.themes.length]).toEqual([1, 1, 1]);
    expect(plan.subjects[0].name).toBe('Kimyo');
  });

  it('keeps a level name per subject: the same level under two subjects is two levels', () => {
    const plan = planImport(
      [
        { subject: 'Ingliz tili', level: 'A1' },
        { subject: 'Nemis tili', level: 'A1' },
      ],
      existing,
    );
    expect(plan.levels).toEqual([
      { subject: { id: 1 }, name: 'A1', position: 4 },
      { subject: { index: 0 }, name: 'A1', position: 1 },
    ]);
  });
});
