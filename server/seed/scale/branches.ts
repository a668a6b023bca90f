// The generated branches and what each one owns before any student arrives: rooms, an administrator (who keeps
// the cash desks), a call operator, teachers bound to the grid (see plan.ts), the courses of every subject
// level at the branch's prices, and two cash desks.
import type { Faker } from '@faker-js/faker';
import { defaultPagesFor, type Role } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { MORNING_TIMES, roomCount } from './plan';
import { personName, type PhoneBook, type Rng, type Sex } from './random';
import type { Reference } from './reference';
import { TableWriter, reserveIds, type WriteMode } from './bulk';

const PLACES = [
  'Sergeli', 'Olmazor', 'Mirzo Ulug‘bek', 'Yakkasaroy', 'Shayxontohur', 'Uchtepa', 'Yashnobod', 'Mirobod', 'Bektemir',
  'Andijon', 'Buxoro', 'Farg‘ona', 'Namangan', 'Qarshi', 'Nukus', 'Termiz', 'Urganch', 'Jizzax', 'Guliston', 'Navoiy',
  'Marg‘ilon', 'Qo‘qon', 'Chirchiq', 'Olmaliq', 'Angren', 'Denov', 'Shahrisabz', 'Xiva', 'Kattaqo‘rg‘on', 'Zarafshon',
];

export type Teacher = { id: number; subject: number };
export type Room = { id: number; capacity: number };
export type Course = { id: number; subject: number; level: number; name: string; price: string; months: number };
export type Branch = {
  id: number;
  name: string;
  students: number;
  chargeExcused: boolean;
  rooms: Room[];
  /** teachers[room][half]: half 0 for the morning starts, 1 for the afternoon ones. */
  teachers: Teacher[][];
  adminId: number;
  operatorId: number;
  /** courses[subject index][level index] */
  courses: Course[][];
  cashier: { main: number; bank: number };
};

/** Monthly prices in Tashkent (UZS) by subject and level; regions charge a little less. */
function basePrice(subject: string, levelIndex: number, levels: number): number {
  if (/ielts/i.test(subject) || levelIndex === levels - 1) return 750_000 + 25_000 * levelIndex;
  return (/ingliz/i.test(subject) ? 420_000 : 360_000) + 30_000 * levelIndex;
}

const SUBJECT_WEIGHT = (name: string) => (/ingliz/i.test(name) ? 6 : /matem/i.test(name) ? 3 : 2);

export async function createBranches(
  db: Db,
  mode: WriteMode,
  ref: Reference,
  sizes: number[],
  rng: Rng,
  faker: Faker,
  phones: PhoneBook,
  passwordHash: string,
): Promise<Branch[]> {
  const n = sizes.length;
  const firstFilial = await reserveIds(db, 'filials', n);
  const filials = new TableWriter(db, mode, 'filials', [['id', 'int'], ['name', 'text'], ['address', 'text'], ['phone', 'text'], ['charge_excused', 'bool']]);
  const branches: Branch[] = [];
  for (let b = 0; b < n; b++) {
    const name = PLACES[b % PLACES.length] + (b >= PLACES.length ? ` ${Math.floor(b / PLACES.length) + 1}` : '');
    const chargeExcused = rng.chance(0.7);
    await filials.push(firstFilial + b, name, `${faker.location.street()}, ${rng.int(1, 120)}-uy`, phones.next(), chargeExcused);
    branches.push({ id: firstFilial + b, name, students: sizes[b], chargeExcused, rooms: [], teachers: [], adminId: 0, operatorId: 0, courses: [], cashier: { main: 0, bank: 0 } });
  }
  await filials.flush();

  // Rooms.
  const roomsPer = sizes.map(roomCount);
  let roomId = await reserveIds(db, 'rooms', roomsPer.reduce((a, b) => a + b, 0));
  const rooms = new TableWriter(db, mode, 'rooms', [['id', 'int'], ['filial_id', 'int'], ['name', 'text'], ['room_type', 'text'], ['capacity', 'smallint']]);
  for (const [b, branch] of branches.entries()) {
    for (let r = 0; r < roomsPer[b]; r++) {
      const capacity = rng.pick([14, 15, 16, 18, 20]);
      await rooms.push(roomId, branch.id, `${Math.floor(r / 4) + 1}0${(r % 4) + 1}-xona`, r === roomsPer[b] - 1 && r > 3 ? 'lab' : 'classroom', capacity);
      branch.rooms.push({ id: roomId++, capacity });
    }
  }
  await rooms.flush();

  // Employees: per branch an administrator, a call operator and two teachers per room.
  const people: { role: Role; filial: number }[] = [];
  for (const branch of branches) {
    people.push({ role: 'ADMINISTRATOR', filial: branch.id }, { role: 'CALL_OPERATOR', filial: branch.id });
    for (let r = 0; r < branch.rooms.length * 2; r++) people.push({ role: 'TEACHER', filial: branch.id });
  }
  const firstEmployee = await reserveIds(db, 'employees', people.length);
  const employees = new TableWriter(db, mode, 'employees', [['id', 'int'], ['full_name', 'text'], ['phone', 'text'], ['password_hash', 'text'], ['role', 'text']]);
  const employeeFilials = new TableWriter(db, mode, 'employee_filials', [['employee_id', 'int'], ['filial_id', 'int']]);
  const pages = new TableWriter(db, mode, 'employee_pages', [['employee_id', 'int'], ['page', 'text'], ['is_readable', 'bool']]);
  const subjectTable = ref.subjects.map((s, i) => [i, SUBJECT_WEIGHT(s.name)] as const);
  for (const [i, p] of people.entries()) {
    const id = firstEmployee + i;
    const sex: Sex = rng.chance(p.role === 'TEACHER' ? 0.6 : 0.5) ? 'female' : 'male';
    await employees.push(id, personName(faker, sex), phones.next(), passwordHash, p.role);
    const branch = branches.find((b) => b.id === p.filial)!;
    if (p.role === 'ADMINISTRATOR') branch.adminId = id;
    else if (p.role === 'CALL_OPERATOR') branch.operatorId = id;
    else {
      const room = Math.floor(branch.teachers.flat().length / 2);
      (branch.teachers[room] ??= []).push({ id, subject: rng.weighted(subjectTable) });
    }
  }
  // Parents before children: a child writer may flush a full batch while it is being filled.
  await employees.flush();
  for (const [i, p] of people.entries()) {
    await employeeFilials.push(firstEmployee + i, p.filial);
    for (const page of defaultPagesFor(p.role)) await pages.push(firstEmployee + i, page.name, page.is_readable);
  }
  await employeeFilials.flush();
  await pages.flush();

  // Courses: every level of every subject in every branch.
  const perBranch = ref.subjects.reduce((s, x) => s + x.levels.length, 0);
  let courseId = await reserveIds(db, 'courses', perBranch * n);
  const courses = new TableWriter(db, mode, 'courses', [
    ['id', 'int'], ['filial_id', 'int'], ['subject_id', 'int'], ['level_id', 'int'], ['name', 'text'], ['price', 'numeric'],
    ['lessons_per_month', 'smallint'], ['duration_months', 'smallint'],
  ]);
  for (const [b, branch] of branches.entries()) {
    const regional = b < 9 ? 1 : 0.85;
    for (const subject of ref.subjects) {
      const list: Course[] = [];
      for (const [l, level] of subject.levels.entries()) {
        const price = (Math.round((basePrice(subject.name, l, subject.levels.length) * regional) / 10_000) * 10_000).toFixed(2);
        const months = /matem/i.test(subject.name) ? 6 : /rus/i.test(subject.name) ? 4 : 3;
        const name = `${subject.name} ${level.name}`;
        await courses.push(courseId, branch.id, subject.id, level.id, name, price, 12, months);
        list.push({ id: courseId++, subject: subject.id, level: level.id, name, price, months });
      }
      branch.courses.push(list);
    }
  }
  await courses.flush();

  // Two cash desks: the reception's (kept by the administrator) and the bank account.
  let cashierId = await reserveIds(db, 'cashiers', 2 * n);
  const cashiers = new TableWriter(db, mode, 'cashiers', [['id', 'int'], ['filial_id', 'int'], ['name', 'text'], ['employee_id', 'int'], ['created_by', 'int']]);
  for (const branch of branches) {
    branch.cashier = { main: cashierId, bank: cashierId + 1 };
    await cashiers.push(cashierId++, branch.id, 'Asosiy kassa', branch.adminId, ref.directorId);
    await cashiers.push(cashierId++, branch.id, 'Bank', null, ref.directorId);
  }
  await cashiers.flush();
  return branches;
}

/** The teacher of a grid cell: one per room and half-day, so a teacher never holds two rooms at once. */
export function teacherOf(branch: Branch, room: number, time: number): Teacher {
  return branch.teachers[room][time < MORNING_TIMES ? 0 : 1];
}
