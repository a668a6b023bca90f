// Round trips of one register marking (BEGIN and COMMIT included) and its time, on the database of DATABASE_URL
// (a copy of the benchmark's: the markings are real writes). Yesterday's lessons of regular groups, marked by the
// director (a correction), one student in ten absent; the first marking's statements are printed.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a copy> node --import tsx bench/markingRoundTrips.ts
import { sql } from 'drizzle-orm';
import { PAGE_KEYS } from '../contract/roles';
import { postgresHandle } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { markAttendance } from '../server/domain/lessons/attendance';
import { getLesson } from '../server/domain/lessons/read';
import { startRecording, stopRecording } from './statementLog';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a copy of the benchmark database');
const handle = postgresHandle(url);
const now = new Date();
const ids = rowsOf(
  await handle.db.execute(sql`select l.id from lessons l where l.kind = 'regular' and l.group_id is not null and l.status <> 'cancelled'
    and l.date = (now() at time zone 'Asia/Tashkent')::date - 1 order by l.id limit 40`),
).map((r) => Number(r.id));
const user = { id: 1, role: 'DIRECTOR' as const, filialIds: [], pages: new Set(PAGE_KEYS) };
const times: number[] = [];
const counts: number[] = [];
for (const id of ids) {
  const { roster } = await getLesson(handle.db, user, id, now);
  if (!roster.length) continue;
  const items = roster.map((r, i) => ({ student: r.student.id, status: i % 10 === 3 ? ('absent' as const) : ('present' as const) }));
  startRecording();
  const start = performance.now();
  await markAttendance(handle.db, { user, ip: '127.0.0.1', now }, id, { items });
  times.push(performance.now() - start);
  const statements = stopRecording();
  if (!counts.length) console.log(`lesson ${id}, ${items.length} students:\n${statements.map((s, i) => `${i + 1} ${s}`).join('\n')}`);
  counts.push(statements.length);
}
times.sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(`${times.length} markings: round trips ${Math.min(...counts)}–${Math.max(...counts)}, p50 ${times[Math.floor(times.length / 2)].toFixed(1)} ms, mean ${mean.toFixed(1)} ms`);
await handle.close();
