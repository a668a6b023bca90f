// One simulated stretch of a centre's life, day by day on the test clock:
//   00:05  the server's jobs (freezes start and end, the charge sync)
//   08:00  yesterday's forgotten registers corrected by the administrator; the morning's office actions
//   each lesson's start + 5 min: its teacher opens the register (the roster must be the model's) and marks it, or
//          forgets; sometimes the teacher first tries a later lesson (409: not begun); on some days the jobs run
//          after the first lesson and the charges are checked (nothing charged ahead of a start)
//   22:00  the evening's office actions
//   23:30  every invariant (invariants.ts)
import { lessonStartsAt } from '../../../contract/lessonClock';
import type { ManualClock } from '../../../server/domain/core/clock';
import { addDays } from '../../../server/domain/lessons/dates';
import type { TestApp } from '../harness';
import { perform, type Ctx } from './actions';
import { must, openCentre } from './centre';
import { checkCharges, checkDay } from './invariants';
import { isFrozen, rosterOf, type Centre, type Lesson, type Mark, type Now } from './model';
import type { Plan } from './plan';

export const profile: Record<string, number> = {};
async function timed<T>(k: string, f: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await f();
  } finally {
    profile[k] = (profile[k] ?? 0) + performance.now() - t0;
  }
}

/** A small seeded generator for the marks of a day (the plan carries one number per day). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const MARKS: Mark[] = ['present', 'present', 'present', 'present', 'late', 'absent', 'excused'];
const plus = (time: string, minutes: number) => {
  const m = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

export type Stats = { days: number; applied: Record<string, number>; skipped: number; marked: number; forgotten: number; corrected: number; earlyRefused: number };

export async function simulate(t: TestApp, clock: ManualClock, plan: Plan, first: string, onDay?: (date: string) => void): Promise<Stats> {
  const last = addDays(first, plan.days.length + 7);
  clock.set(lessonStartsAt(first, '07:00'));
  const { centre: c, tokens } = await timed('open', () => openCentre(t, plan, first, last));
  const stats: Stats = { days: 0, applied: {}, skipped: 0, marked: 0, forgotten: 0, corrected: 0, earlyRefused: 0 };
  let now: Now = { date: first, time: '07:00' };
  const at = (date: string, time: string) => {
    clock.set(lessonStartsAt(date, time));
    now = { date, time };
    return now;
  };
  const x = (): Ctx => ({ t, c, tok: tokens, now });

  /** Opens the register as `token`, checks its roster against the model, and saves the marks. */
  async function mark(token: string, l: Lesson, rnd: () => number) {
    const detail = await must(t, 200, token, 'GET', `/api/lessons/${l.id}/`);
    const roster = (detail.roster as { student: { id: number } }[]).map((r) => r.student.id).sort((a, b) => a - b);
    const want = rosterOf(c, l.group, l.date);
    if (JSON.stringify(roster) !== JSON.stringify(want))
      throw new Error(`lesson ${l.id} on ${l.date}: the register lists ${JSON.stringify(roster)}, the model ${JSON.stringify(want)}`);
    l.roster = roster;
    if (!roster.length) return;
    const items = roster.map((student) => ({ student, status: MARKS[Math.floor(rnd() * MARKS.length)] }));
    await must(t, 200, token, 'PUT', `/api/lessons/${l.id}/attendance/`, { items });
    l.held = true;
    for (const i of items) l.marks.set(i.student, i.status);
  }

  for (const [i, day] of plan.days.entries()) {
    const date = addDays(first, i);
    const rnd = random(day.marks);
    onDay?.(date);

    at(date, '00:05');
    await timed('jobs', () => t.runJobs());
    followFreezeJob(c, date);

    at(date, '08:00');
    for (const l of c.groups.flatMap((g) => g.lessons).filter((q) => q.date < date && q.roster !== null && !q.held && q.roster.length)) {
      await mark(tokens.admin, l, rnd);
      stats.corrected++;
    }
    for (const a of day.actions.filter((q) => q.slot === 'morning')) count(stats, a.kind, await timed('act', () => perform(x(), a)));

    const today = c.groups
      .flatMap((g) => g.lessons.filter((l) => l.date === date).map((l) => ({ l, teacher: g.teacher })))
      .sort((a, b) => (a.l.start < b.l.start ? -1 : 1));
    for (const [k, { l, teacher }] of today.entries()) {
      at(date, plus(l.start, 5));
      const later = today.slice(k + 1).find((o) => o.l.start > now.time);
      const expected = later ? rosterOf(c, later.l.group, date)[0] : undefined;
      if (later && expected !== undefined && rnd() < 0.2) {
        const items = [{ student: expected, status: 'present' }];
        const early = await t.call('PUT', `/api/lessons/${later.l.id}/attendance/`, { token: later.teacher, body: { items } });
        if (early.status !== 409) throw new Error(`marking lesson ${later.l.id} before its start answered ${early.status}: ${early.text}`);
        stats.earlyRefused++;
      }
      if (rnd() < 0.07) {
        // Forgotten: the administrator corrects it tomorrow morning; until then it is not held and not charged.
        const detail = await must(t, 200, teacher, 'GET', `/api/lessons/${l.id}/`);
        l.roster = (detail.roster as { student: { id: number } }[]).map((r) => r.student.id).sort((a, b) => a - b);
        stats.forgotten++;
      } else {
        await timed('mark', () => mark(teacher, l, rnd));
        stats.marked++;
      }
      if (k === 0 && later && rnd() < 0.3) {
        await timed('midjobs', () => t.runJobs());
        await timed('midcheck', () => checkCharges(t, c, tokens, now, date));
      }
    }

    at(date, '22:00');
    for (const a of day.actions.filter((q) => q.slot === 'evening')) count(stats, a.kind, await timed('act', () => perform(x(), a)));

    at(date, '23:30');
    await timed('check', () => checkDay(t, c, tokens, now));
    stats.days++;
  }
  return stats;
}

function count(stats: Stats, kind: string, applied: boolean) {
  if (applied) stats.applied[kind] = (stats.applied[kind] ?? 0) + 1;
  else stats.skipped++;
}

/** The freeze job's effect on statuses: frozen while a freeze covers the day, active again after. */
function followFreezeJob(c: Centre, date: string) {
  for (const s of c.students) {
    if (s.status === 'active' && isFrozen(s, date)) s.status = 'frozen';
    else if (s.status === 'frozen' && !isFrozen(s, date)) s.status = 'active';
  }
}
