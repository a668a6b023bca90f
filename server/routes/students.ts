// Spec section 7, "Students": /students/... The picker list GET /students/no-pg/; the student pages' paged list
// (GET /students/, each `list` behind its own page key), the tabs' counts, the card, create / PUT / PATCH, the
// phone check (lead pages too) and the list as a spreadsheet. Reading needs a student page (the picker: the
// groups page too); writing is office work that call operators, teachers and assistants do not do (403).
import { Hono, type MiddlewareHandler } from 'hono';
import { XLSX_MIME } from '../../contract/leadDownloads';
import { idParam, paged } from '../../contract/common';
import {
  STUDENT_LIST_PAGES,
  checkPhoneQuery,
  studentCountsQuery,
  studentCreateBody,
  studentPatchBody,
  studentUpdateBody,
  studentsNoPgQuery,
  studentsQuery,
  type StudentList,
} from '../../contract/students';
import { centreToday } from '../domain/lessons/dates';
import { checkPhone } from '../domain/students/checkPhone';
import { listStudentsForPicker } from '../domain/students/picker';
import { getStudentDetail } from '../domain/students/studentDetail';
import { exportStudents } from '../domain/students/studentExport';
import { listStudents, studentCounts } from '../domain/students/studentList';
import { createStudent, updateStudent } from '../domain/students/studentWrites';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { forbidden } from '../domain/core/errors';
import { requestLang } from '../http/i18n';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { STUDENT_PAGES } from './groupMembers';
import { nowOf } from '../http/actor';
import { answers, answersFile } from '../http/answers';
import { download } from '../http/download';
import { z } from 'zod';
import { studentBrief, studentCounts as studentCountsAnswer, checkPhoneAnswer, studentListItem, studentCreated, studentDetail } from '../../contract/students';

const anyStudentPage = requirePage(...STUDENT_PAGES);

/** A named list needs its own page key (a call operator reads the testing list, not the others). */
const listPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  const list = c.req.query('list') as StudentList | undefined;
  const key = list ? (STUDENT_LIST_PAGES as Record<string, (typeof STUDENT_LIST_PAGES)[StudentList] | undefined>)[list] : undefined;
  if (key && !c.get('user').pages.has(key)) throw forbidden();
  await next();
};

export function studentRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/no-pg', requirePage('groups', ...STUDENT_PAGES), validate('query', studentsNoPgQuery), answers(z.array(studentBrief)), async (c) =>
      c.json(await listStudentsForPicker(deps.db, c.get('user'), c.req.valid('query'))),
    )
    .get('/counts', anyStudentPage, validate('query', studentCountsQuery), answers(studentCountsAnswer), async (c) =>
      c.json(await studentCounts(deps.db, c.get('user'), c.req.valid('query'))),
    )
    .get('/check_phone', requirePage('new_leads', 'orders', ...STUDENT_PAGES), validate('query', checkPhoneQuery), answers(checkPhoneAnswer), async (c) =>
      c.json(await checkPhone(deps.db, c.get('user'), c.req.valid('query').phone_number)),
    )
    .get('/excel', anyStudentPage, validate('query', studentsQuery), listPage, answersFile('xlsx'), async (c) => {
      const query = c.req.valid('query');
      const { rows, filialNames } = await exportStudents(deps.db, c.get('user'), query);
      // Loaded on first use: exceljs and docx add ~40 MB to the server's memory (scripts/serverBundle.mjs).
      const bytes = await (await import('../domain/students/studentSheet')).studentWorkbookBytes(rows, { lang: requestLang(c), archived: query.list === 'archived', filialNames });
      return download(c, bytes, XLSX_MIME, `oquvchilar-${query.list ?? 'all'}-${centreToday(nowOf(c))}.xlsx`);
    })
    .get('/', anyStudentPage, validate('query', studentsQuery), listPage, answers(paged(studentListItem)), async (c) =>
      c.json(await listStudents(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    )
    .post('/', anyStudentPage, validate('json', studentCreateBody), answers(studentCreated, { status: 201 }), async (c) =>
      c.json(await createStudent(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .get('/:id', anyStudentPage, validate('param', idParam), answers(studentDetail), async (c) =>
      c.json(await getStudentDetail(deps.db, c.get('user'), c.req.valid('param').id)),
    )
    .put('/:id', anyStudentPage, validate('param', idParam), validate('json', studentUpdateBody), answers(studentDetail), async (c) =>
      c.json(await updateStudent(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .patch('/:id', anyStudentPage, validate('param', idParam), validate('json', studentPatchBody), answers(studentDetail), async (c) =>
      c.json(await updateStudent(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    );
}
