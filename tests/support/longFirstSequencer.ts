// The order test files start in. Two workers take files from one queue, so a long file that starts last keeps one
// worker busy alone at the end. Vitest's own order puts the longest first only from its cache of an earlier run;
// on a fresh clone (CI) it goes by file size, and the longest API files are short (fuzz, simulation, faults).
// These files, longest first as measured (27 November 2026), start ahead of the rest of their project.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONG_FIRST = [
  'tests/api/monthInTheLife.test.ts',
  'tests/api/employeeTakeover.test.ts',
  'tests/api/faultsCrash.test.ts',
  'tests/api/backup.test.ts',
  'tests/api/accessMatrix.test.ts',
  'tests/api/fuzz.test.ts',
  'tests/api/accessMatrixTeachers.test.ts',
  'tests/api/moneyLimits.test.ts',
  'tests/api/signInThrottle.test.ts',
  'tests/api/scaleSeed.test.ts',
  'tests/api/moneySums.test.ts',
  'tests/api/parentMessages.test.ts',
  'tests/api/parentMessagesOutbox.test.ts',
  'tests/api/serverKeepAlive.test.ts',
  'tests/api/sessionSecurity.test.ts',
  'tests/api/telegramBot.test.ts',
  'tests/api/twoServerProcesses.test.ts',
];

export class LongFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root.replace(/\/?$/, '/');
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.indexOf(f.moduleId.startsWith(root) ? f.moduleId.slice(root.length) : f.moduleId);
      return i === -1 ? LONG_FIRST.length : i;
    };
    // Stable: projects and groups keep Vitest's order; within a project the listed files move ahead.
    const position = new Map(sorted.map((f, i) => [f, i]));
    const group = (f: TestSpecification) => `${String(f.project.config.sequence.groupOrder).padStart(4, '0')}:${f.project.name}`;
    return [...sorted].sort((a, b) => {
      const ga = group(a);
      const gb = group(b);
      if (ga !== gb) return position.get(a)! - position.get(b)!;
      return rank(a) - rank(b) || position.get(a)! - position.get(b)!;
    });
  }
}
