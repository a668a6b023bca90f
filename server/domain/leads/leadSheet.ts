// The lead lists as an .xlsx: sheet "Lidlar", a bold header row in the reader's language, one row per lead,
// created_at as a real date in the centre's wall-clock time, set widths and an autofilter over the header.
import ExcelJS from 'exceljs';
import type { Lead, LeadStage } from '../../../contract/leads';
import type { ArchiveReason } from '../../../contract/leadStages';
import type { Lang } from '../../i18n';
import { CENTRE_TIME_ZONE } from '../lessons/dates';
import { workbookBytes } from '../sheets/workbook';

export const LEAD_SHEET_NAME = 'Lidlar';

type Column = 'number' | 'name' | 'phone' | 'filial' | 'subject' | 'level' | 'source' | 'stage' | 'operator' | 'comment' | 'created' | 'reason';

const HEADERS: Record<Lang, Record<Column, string>> = {
  uz: {
    number: '№', name: 'F.I.Sh.', phone: 'Telefon', filial: 'Filial', subject: 'Fan', level: 'Daraja', source: 'Manba',
    stage: 'Bosqich', operator: 'Operator', comment: 'Izoh', created: 'Yaratilgan', reason: 'Arxivlash sababi',
  },
  ru: {
    number: '№', name: 'Ф.И.О.', phone: 'Телефон', filial: 'Филиал', subject: 'Предмет', level: 'Уровень', source: 'Источник',
    stage: 'Этап', operator: 'Оператор', comment: 'Комментарий', created: 'Создан', reason: 'Причина архивации',
  },
  en: {
    number: 'No.', name: 'Full name', phone: 'Phone', filial: 'Branch', subject: 'Subject', level: 'Level', source: 'Source',
    stage: 'Stage', operator: 'Operator', comment: 'Comment', created: 'Created', reason: 'Archive reason',
  },
};

export const STAGE_LABELS: Record<Lang, Record<LeadStage, string>> = {
  uz: { YANGI_LEAD: 'Yangi lid', KUTULMOQDA: 'Kutilmoqda', ORDER_CREATED: 'Buyurtma', JOINED: 'O‘quvchi bo‘ldi' },
  ru: { YANGI_LEAD: 'Новый лид', KUTULMOQDA: 'В ожидании', ORDER_CREATED: 'Заявка', JOINED: 'Стал учеником' },
  en: { YANGI_LEAD: 'New lead', KUTULMOQDA: 'Waiting', ORDER_CREATED: 'Order', JOINED: 'Became a student' },
};

const REASON_LABELS: Record<Lang, Record<ArchiveReason, string>> = {
  uz: {
    not_interested: 'Qiziqmaydi', too_expensive: 'Qimmat', no_answer: 'Javob bermadi', chose_other_centre: 'Boshqa markazni tanladi',
    wrong_number: 'Noto‘g‘ri raqam', other: 'Boshqa',
  },
  ru: {
    not_interested: 'Не заинтересован', too_expensive: 'Дорого', no_answer: 'Не ответил', chose_other_centre: 'Выбрал другой центр',
    wrong_number: 'Неверный номер', other: 'Другое',
  },
  en: {
    not_interested: 'Not interested', too_expensive: 'Too expensive', no_answer: 'No answer', chose_other_centre: 'Chose another centre',
    wrong_number: 'Wrong number', other: 'Other',
  },
};

const WIDTHS: Record<Column, number> = {
  number: 6, name: 32, phone: 16, filial: 16, subject: 18, level: 14, source: 18, stage: 16, operator: 24, comment: 40, created: 18, reason: 24,
};

export type LeadSheetOptions = { lang: Lang; archived: boolean; filialNames: ReadonlyMap<number, string> };

/** The lead's creation moment as the centre's clocks showed it; Excel dates have no time zone. */
export function centreWallClock(instant: Date, timeZone = CENTRE_TIME_ZONE): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return new Date(Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second));
}

function reasonLabel(lang: Lang, reason: string | null): string {
  if (!reason) return '';
  return (REASON_LABELS[lang] as Record<string, string>)[reason] ?? reason;
}

export function buildLeadWorkbook(rows: readonly Lead[], { lang, archived, filialNames }: LeadSheetOptions): ExcelJS.Workbook {
  const columns: Column[] = ['number', 'name', 'phone', 'filial', 'subject', 'level', 'source', 'stage', 'operator', 'comment', 'created'];
  if (archived) columns.push('reason');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Markaz';
  const sheet = workbook.addWorksheet(LEAD_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((key) => ({ key, header: HEADERS[lang][key], width: WIDTHS[key] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn('created').numFmt = 'dd.mm.yyyy hh:mm';
  rows.forEach((lead, index) => {
    const values: Record<Column, string | number | Date> = {
      number: index + 1,
      name: lead.full_name,
      phone: lead.extra_phone ? `${lead.phone}, ${lead.extra_phone}` : lead.phone,
      filial: filialNames.get(lead.filial) ?? '',
      subject: lead.subject?.name ?? '',
      level: lead.level?.name ?? '',
      source: lead.source?.name ?? '',
      stage: STAGE_LABELS[lang][lead.stage],
      operator: lead.operator?.full_name ?? '',
      comment: lead.comment,
      created: centreWallClock(new Date(lead.created_at)),
      reason: reasonLabel(lang, lead.archived_reason),
    };
    sheet.addRow(values);
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return workbook;
}

export async function leadWorkbookBytes(rows: readonly Lead[], options: LeadSheetOptions): Promise<Uint8Array<ArrayBuffer>> {
  return workbookBytes(buildLeadWorkbook(rows, options));
}
