// The education report as an .xlsx: a summary, attendance per group and per teacher, test results, and the groups'
// filling now; headers in the reader's language, rates in percent with one decimal.
import type ExcelJS from 'exceljs';
import type { AttendanceCounts, EduReport } from '../../../contract/eduReport';
import type { Lang } from '../../i18n';
import { reportWorkbook, table, workbookBytes, type SheetColumn } from './sheet';

const TEXT = {
  uz: {
    sheets: { summary: 'Umumiy', group: 'Guruhlar davomati', teacher: 'O‘qituvchilar', tests: 'Test natijalari', filling: 'To‘lish' },
    period: 'Davr',
    filials: 'Filiallar',
    lessons: 'Darslar',
    marked: 'Belgilangan',
    present: 'Keldi',
    late: 'Kechikdi',
    excused: 'Sababli',
    absent: 'Kelmadi',
    rate: 'Davomat, %',
    mark: 'O‘rtacha baho',
    taken: 'Topshirilgan testlar',
    percent: 'O‘rtacha natija, %',
    free: 'Bo‘sh o‘rinlar',
    group: 'Guruh',
    teacher: 'O‘qituvchi',
    filial: 'Filial',
    test: 'Test',
    room: 'Xona',
    students: 'O‘quvchilar',
    capacity: 'Sig‘im',
  },
  ru: {
    sheets: { summary: 'Сводка', group: 'Посещаемость групп', teacher: 'Преподаватели', tests: 'Результаты тестов', filling: 'Наполняемость' },
    period: 'Период',
    filials: 'Филиалы',
    lessons: 'Уроки',
    marked: 'Отмечено',
    present: 'Пришёл',
    late: 'Опоздал',
    excused: 'По уважительной',
    absent: 'Не пришёл',
    rate: 'Посещаемость, %',
    mark: 'Средняя оценка',
    taken: 'Сдано тестов',
    percent: 'Средний результат, %',
    free: 'Свободные места',
    group: 'Группа',
    teacher: 'Преподаватель',
    filial: 'Филиал',
    test: 'Тест',
    room: 'Кабинет',
    students: 'Ученики',
    capacity: 'Вместимость',
  },
  en: {
    sheets: { summary: 'Summary', group: 'Attendance by group', teacher: 'Teachers', tests: 'Test results', filling: 'Filling' },
    period: 'Period',
    filials: 'Branches',
    lessons: 'Lessons',
    marked: 'Marked',
    present: 'Present',
    late: 'Late',
    excused: 'Excused',
    absent: 'Absent',
    rate: 'Attendance, %',
    mark: 'Average mark',
    taken: 'Tests taken',
    percent: 'Average score, %',
    free: 'Free places',
    group: 'Group',
    teacher: 'Teacher',
    filial: 'Branch',
    test: 'Test',
    room: 'Room',
    students: 'Students',
    capacity: 'Capacity',
  },
} satisfies Record<Lang, unknown>;

export function buildEduWorkbook(report: EduReport, lang: Lang): ExcelJS.Workbook {
  const t = TEXT[lang];
  const a = report.attendance;
  const { workbook } = reportWorkbook(t.sheets.summary, t, report, [
    [t.lessons, a.lessons],
    [t.marked, a.marked],
    [t.rate, a.rate],
    [t.excused, a.excused],
    [t.mark, a.average_mark],
    [t.taken, report.results.taken],
    [t.percent, report.results.average_percent],
    [t.free, report.filling_by_filial.reduce((s, f) => s + f.free, 0)],
  ]);
  const countColumns: SheetColumn[] = [
    { header: t.lessons, width: 10 },
    { header: t.marked, width: 12 },
    { header: t.present, width: 10 },
    { header: t.late, width: 10 },
    { header: t.excused, width: 10 },
    { header: t.absent, width: 10 },
    { header: t.rate, width: 13, percent: true },
    { header: t.mark, width: 14, percent: true },
  ];
  const counts = (r: AttendanceCounts) => [r.lessons, r.marked, r.present, r.late, r.excused, r.absent, r.rate, r.average_mark];
  const filialName = new Map(report.filials.map((b) => [b.id, b.name]));
  table(
    workbook,
    t.sheets.group,
    [{ header: t.group, width: 24 }, { header: t.filial, width: 16 }, { header: t.teacher, width: 26 }, ...countColumns],
    report.by_group.map((g) => [g.group.name, filialName.get(g.filial) ?? '', g.teacher.name, ...counts(g)]),
  );
  table(workbook, t.sheets.teacher, [{ header: t.teacher, width: 28 }, ...countColumns], report.by_teacher.map((g) => [g.teacher.name, ...counts(g)]));
  table(
    workbook,
    t.sheets.tests,
    [{ header: t.test, width: 30 }, { header: t.taken, width: 20 }, { header: t.percent, width: 20, percent: true }],
    report.by_test.map((r) => [r.test.name, r.taken, r.average_percent]),
  );
  table(
    workbook,
    t.sheets.filling,
    [{ header: t.group, width: 24 }, { header: t.filial, width: 16 }, { header: t.room, width: 16 }, { header: t.students, width: 12 }, { header: t.capacity, width: 10 }, { header: t.free, width: 14 }],
    report.filling.map((g) => [g.group.name, filialName.get(g.filial) ?? '', g.room.name, g.students, g.capacity, g.free]),
  );
  return workbook;
}

export const eduWorkbookBytes = (report: EduReport, lang: Lang) => workbookBytes(buildEduWorkbook(report, lang));
