// Rooms, groups and their lessons and attendance. A group's schedule is days of the week (1 = Monday .. 7)
// plus a start and end time; a room or a teacher never holds two groups whose schedules conflict (spec
// section 5), which the domain checks inside the writing transaction.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { courses, themes } from './catalogue';
import { employees } from './employees';
import { filials } from './filials';

export const ROOM_TYPES = ['classroom', 'lab', 'hall', 'online'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    name: text('name').notNull(),
    roomType: text('room_type').$type<RoomType>().notNull().default('classroom'),
    capacity: smallint('capacity').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rooms_filial_idx').on(t.filialId, t.isArchived)],
);

export const GROUP_STATUSES = ['planned', 'active', 'finished', 'archived'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    name: text('name').notNull(),
    courseId: integer('course_id').notNull().references(() => courses.id),
    teacherId: integer('teacher_id').notNull().references(() => employees.id),
    assistantId: integer('assistant_id').references(() => employees.id),
    roomId: integer('room_id').notNull().references(() => rooms.id),
    /** ISO weekdays, 1 = Monday .. 7 = Sunday, sorted, no repeats. */
    days: smallint('days').array().notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** Monthly price; taken from the course when the group is created, overridable. */
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    status: text('status').$type<GroupStatus>().notNull().default('active'),
    /** A secondary group (extra support sessions, usually led by an assistant) hangs off a main group. */
    isSecondary: boolean('is_secondary').notNull().default(false),
    parentGroupId: integer('parent_group_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('groups_filial_idx').on(t.filialId, t.isSecondary, t.status, t.id),
    index('groups_teacher_idx').on(t.teacherId),
    index('groups_assistant_idx').on(t.assistantId),
    index('groups_room_idx').on(t.roomId),
    index('groups_course_idx').on(t.courseId),
    index('groups_parent_idx').on(t.parentGroupId),
    // Group lists are by name: a page is read off this index instead of joining and sorting every group.
    index('groups_name_idx').on(t.name, t.id),
  ],
);

export const LESSON_KINDS = ['regular', 'extra'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];
export const LESSON_STATUSES = ['planned', 'held', 'cancelled'] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];

/**
 * One lesson on one date. Regular lessons are generated from the group's schedule between its dates; extra
 * lessons are added by hand, for the whole group (`group_id`) or for chosen students (`lesson_students`).
 * A cancelled lesson keeps its row (with the reason) so billing and history can see it; a moved lesson keeps
 * where it came from in `moved_from_date`.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    groupId: integer('group_id').references(() => groups.id),
    kind: text('kind').$type<LessonKind>().notNull().default('regular'),
    date: date('date').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    roomId: integer('room_id').notNull().references(() => rooms.id),
    teacherId: integer('teacher_id').notNull().references(() => employees.id),
    themeId: integer('theme_id').references(() => themes.id),
    status: text('status').$type<LessonStatus>().notNull().default('planned'),
    reason: text('reason'),
    movedFromDate: date('moved_from_date'),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lessons_group_date_idx').on(t.groupId, t.date),
    index('lessons_filial_date_idx').on(t.filialId, t.date),
    index('lessons_room_date_idx').on(t.roomId, t.date),
    index('lessons_teacher_date_idx').on(t.teacherId, t.date),
    // A group's schedule produces at most one regular lesson per date (regeneration is idempotent).
    uniqueIndex('lessons_regular_uq').on(t.groupId, t.date).where(sql`${t.kind} = 'regular'`),
  ],
);

/** The students of an extra lesson that is not for a whole group. */
export const lessonStudents = pgTable(
  'lesson_students',
  {
    lessonId: integer('lesson_id').notNull().references(() => lessons.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.studentId] }), index('lesson_students_student_idx').on(t.studentId)],
);

export const ATTENDANCE_STATUSES = ['present', 'late', 'excused', 'absent'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** Attendance of one student at one lesson, with an optional mark (0..100). Billing reads these. */
export const attendance = pgTable(
  'attendance',
  {
    lessonId: integer('lesson_id').notNull().references(() => lessons.id),
    studentId: integer('student_id').notNull(),
    status: text('status').$type<AttendanceStatus>().notNull(),
    mark: smallint('mark'),
    comment: text('comment').notNull().default(''),
    markedBy: integer('marked_by').references(() => employees.id),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.studentId] }), index('attendance_student_idx').on(t.studentId, t.lessonId)],
);
