// The admin report as an .xlsx: a summary, then leads by stage, by source and by operator (with the funnel), and
// the students who joined and left per branch and month; headers in the reader's language.
import type ExcelJS from 'exceljs';
import { percentOf, type AdminReport } from '../../../contract/adminReport';
import type { LeadStage } from '../../../contract/leadStages';
import type { Lang } from '../../i18n';
import { reportWorkbook, table, workbookBytes } from './sheet';

const TEXT = {
  uz: {
    sheets: { summary: 'Umumiy', stage: 'Bosqichlar', source: 'Manbalar', operator: 'Operatorlar', students: 'O‘quvchilar' },
    period: 'Davr',
    filials: 'Filiallar',
    created: 'Yaratilgan lidlar',
    ordered: 'Buyurtmaga yetgan',
    joined: 'O‘quvchi bo‘lgan',
    conversion: 'Konversiya, %',
    archivedLeads: 'Arxivlangan lidlar',
    studentsJoined: 'Qo‘shilgan o‘quvchilar',
    studentsLeft: 'Ketgan o‘quvchilar',
    membershipsEnded: 'Guruhdan chiqishlar',
    stage: 'Bosqich',
    count: 'Soni',
    source: 'Manba',
    operator: 'Operator',
    none: 'Ko‘rsatilmagan',
    filial: 'Filial',
    month: 'Oy',
    stages: { YANGI_LEAD: 'Yangi', KUTULMOQDA: 'Kutilmoqda', ORDER_CREATED: 'Buyurtma', JOINED: 'Qo‘shildi' } as Record<LeadStage, string>,
    archived: 'Arxiv',
  },
  ru: {
    sheets: { summary: 'Сводка', stage: 'Этапы', source: 'Источники', operator: 'Операторы', students: 'Ученики' },
    period: 'Период',
    filials: 'Филиалы',
    created: 'Создано лидов',
    ordered: 'Дошли до заявки',
    joined: 'Стали учениками',
    conversion: 'Конверсия, %',
    archivedLeads: 'Лиды в архиве',
    studentsJoined: 'Пришло учеников',
    studentsLeft: 'Ушло учеников',
    membershipsEnded: 'Выбыли из групп',
    stage: 'Этап',
    count: 'Количество',
    source: 'Источник',
    operator: 'Оператор',
    none: 'Не указан',
    filial: 'Филиал',
    month: 'Месяц',
    stages: { YANGI_LEAD: 'Новый', KUTULMOQDA: 'В ожидании', ORDER_CREATED: 'Заявка', JOINED: 'Зачислен' } as Record<LeadStage, string>,
    archived: 'Архив',
  },
  en: {
    sheets: { summary: 'Summary', stage: 'Stages', source: 'Sources', operator: 'Operators', students: 'Students' },
    period: 'Period',
    filials: 'Branches',
    created: 'Leads created',
    ordered: 'Reached an order',
    joined: 'Became students',
    conversion: 'Conversion, %',
    archivedLeads: 'Leads archived',
    studentsJoined: 'Students joined',
    studentsLeft: 'Students left',
    membershipsEnded: 'Left a group',
    stage: 'Stage',
    count: 'Count',
    source: 'Source',
    operator: 'Operator',
    none: 'Not given',
    filial: 'Branch',
    month: 'Month',
    stages: { YANGI_LEAD: 'New', KUTULMOQDA: 'Waiting', ORDER_CREATED: 'Ordered', JOINED: 'Joined' } as Record<LeadStage, string>,
    archived: 'Archived',
  },
} satisfies Record<Lang, unknown>;


export function buildAdminWorkbook(report: AdminReport, lang: Lang): ExcelJS.Workbook {
  const t = TEXT[lang];
  const f = report.funnel;
  const { workbook } = reportWorkbook(t.sheets.summary, t, report, [
    [t.created, f.created],
    [t.ordered, f.ordered],
    [t.joined, f.joined],
    [t.conversion, percentOf(f.joined, f.created)],
    [t.archivedLeads, report.archived],
    [t.studentsJoined, report.students.joined],
    [t.studentsLeft, report.students.left],
    [t.membershipsEnded, report.students.memberships_ended],
  ]);
  table(
    workbook,
    t.sheets.stage,
    [{ header: t.stage, width: 20 }, { header: t.count, width: 10 }],
    [...report.by_stage.map((s) => [t.stages[s.stage], s.count]), [t.archived, report.archived]],
  );
  const funnelColumns = [{ header: t.created, width: 18 }, { header: t.ordered, width: 18 }, { header: t.joined, width: 18 }, { header: t.conversion, width: 14, percent: true }];
  const funnelCells = (r: { created: number; ordered: number; joined: number }) => [r.created, r.ordered, r.joined, percentOf(r.joined, r.created)];
  table(workbook, t.sheets.source, [{ header: t.source, width: 26 }, ...funnelColumns], report.by_source.map((r) => [r.source?.name ?? t.none, ...funnelCells(r)]));
  table(workbook, t.sheets.operator, [{ header: t.operator, width: 30 }, ...funnelColumns], report.by_operator.map((r) => [r.operator?.name ?? t.none, ...funnelCells(r)]));
  const filialName = new Map(report.filials.map((b) => [b.id, b.name]));
  table(
    workbook,
    t.sheets.students,
    [{ header: t.filial, width: 20 }, { header: t.month, width: 10 }, { header: t.studentsJoined, width: 20 }, { header: t.studentsLeft, width: 18 }, { header: t.membershipsEnded, width: 20 }],
    report.by_filial_month.map((m) => [filialName.get(m.filial) ?? '', m.month, m.joined, m.left, m.memberships_ended]),
  );
  return workbook;
}

export const adminWorkbookBytes = (report: AdminReport, lang: Lang) => workbookBytes(buildAdminWorkbook(report, lang));
