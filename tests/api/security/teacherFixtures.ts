// "Another object" inside the teacher's own branch (issue 15): the matrix TEACHER and ASSISTANT (branch A) teach and
// assist one demo group of A (`own`); every other group of A is another teacher's. Students of A who are in none of
// the own group's memberships, the tasks of A between other people and the comments on those students carry
// OTHER in their text; the own group's students and a task given to the matrix teacher carry OWN (the positive
// controls show the allowed answers do carry it).
import { sql } from 'drizzle-orm';
import type { TestApp } from '../harness';
import type { MatrixWorld } from './branchFixtures';
import type { Kind } from './objectKinds';

export const OTHER = 'QzAother';
export const OWN = 'QzAmine';

export type TeacherWorld = {
  /** The own group, its lesson and student, and a task given to the matrix teacher. */
  own: { group: number; lesson: number; student: number; task: number };
  /** Another teacher's group of branch A, its lesson and student, and a task between other people. */
  other: { group: number; lesson: number; student: number; task: number; employee: number };
  /** Branch A's objects as a teacher would name them (own group, lesson, student and task). */
  ownObjects: Partial<Record<Kind, number>>;
  /** Branch A's objects with another teacher's group, lesson, student and task in their place. */
  otherObjects: Partial<Record<Kind, number>>;
  /** A third group of A (neither of the above), for bodies naming two groups (a move). */
  secondGroup: number;
};

const rows = async (t: TestApp, query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const one = async (t: TestApp, query: ReturnType<typeof sql>) => {
  const [row] = await rows(t, query);
  if (!row) throw new Error(`teacher fixture: nothing for ${JSON.stringify(query)}`);
  return Number(row.id);
};

export async function buildTeacherWorld(t: TestApp, world: MatrixWorld): Promise<TeacherWorld> {
  const A = world.filial.A;
  const teacher = world.users.TEACHER.id;
  const assistant = world.users.ASSISTANT.id;
  const director = (await t.signInAs('DIRECTOR')).access_token;

  // The own group: a group of A with members and held lessons, handed to the matrix teacher and assistant.
  const group = await one(
    t,
    sql`select g.id from groups g where g.filial_id = ${A} and not g.is_secondary
        and exists (select 1 from student_groups sg where sg.group_id = g.id and sg.left_on is null)
        and exists (select 1 from lessons l join attendance a on a.lesson_id = l.id where l.group_id = g.id) order by g.id limit 1`,
  );
  await t.db.execute(sql`update groups set teacher_id = ${teacher}, assistant_id = ${assistant} where id = ${group}`);
  await t.db.execute(sql`update lessons set teacher_id = ${teacher} where group_id = ${group}`);
  const ownStudents = sql`(select student_id from student_groups where group_id = ${group})`;

  // Another teacher's group of A with a student who is not in the own group.
  const otherGroup = await one(
    t,
    sql`select g.id from groups g where g.filial_id = ${A} and g.id <> ${group} and not g.is_secondary
        and exists (select 1 from student_groups sg where sg.group_id = g.id and sg.left_on is null and sg.student_id not in ${ownStudents})
        and exists (select 1 from lessons l join attendance a on a.lesson_id = l.id where l.group_id = g.id) order by g.id limit 1`,
  );
  const otherStudent = await one(
    t,
    sql`select student_id as id from student_groups where group_id = ${otherGroup} and left_on is null and student_id not in ${ownStudents} order by id limit 1`,
  );
  const ownStudent = await one(t, sql`select student_id as id from student_groups where group_id = ${group} and left_on is null order by id limit 1`);
  // Held lessons with attendance, so their rosters name students.
  const heldLesson = (g: number) => one(t, sql`select l.id from lessons l where l.group_id = ${g} and exists (select 1 from attendance a where a.lesson_id = l.id) order by l.date desc, l.id limit 1`);
  const ownLesson = await heldLesson(group);
  const otherLesson = await heldLesson(otherGroup);
  const otherTeacher = await one(t, sql`select teacher_id as id from groups where id = ${otherGroup}`);

  // A comment on the other student, and a task given to the matrix teacher (made through the API).
  const comment = await t.call('POST', '/api/comments', { token: director, body: { student: otherStudent, text: 'Comment' } });
  if (comment.status !== 201) throw new Error(`teacher fixture comment: ${comment.status} ${comment.text}`);
  const task = await t.call('POST', '/api/tasks', {
    token: director,
    body: { title: `Own task ${OWN}`, performer: teacher, due_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), filial: A, student: ownStudent },
  });
  if (task.status !== 201) throw new Error(`teacher fixture task: ${task.status} ${task.text}`);
  const otherTask = await one(t, sql`select id from tasks where filial_id = ${A} and performer_id <> ${teacher} and creator_id <> ${teacher} order by id limit 1`);

  await t.db.execute(sql`update students set full_name = full_name || ${' ' + OTHER} where filial_id = ${A} and id not in ${ownStudents}`);
  await t.db.execute(sql`update students set full_name = full_name || ${' ' + OWN} where id in ${ownStudents}`);
  await t.db.execute(sql`update tasks set title = title || ${' ' + OTHER} where filial_id = ${A} and performer_id <> ${teacher} and creator_id <> ${teacher}`);
  await t.db.execute(sql`update comments set text = text || ${' ' + OTHER} where student_id is not null and student_id not in ${ownStudents}`);

  const own = { group, lesson: ownLesson, student: ownStudent, task: Number(task.json.id) };
  const other = { group: otherGroup, lesson: otherLesson, student: otherStudent, task: otherTask, employee: otherTeacher };
  const secondGroup = await one(t, sql`select id from groups where filial_id = ${A} and id not in (${group}, ${otherGroup}) and not is_secondary order by id limit 1`);
  return {
    own,
    other,
    secondGroup,
    ownObjects: { ...world.objects.A, group, lesson: ownLesson, student: ownStudent, task: own.task },
    otherObjects: { ...world.objects.A, group: otherGroup, lesson: otherLesson, student: otherStudent, task: otherTask },
  };
}
