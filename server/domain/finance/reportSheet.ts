// The finance report as an .xlsx: a summary sheet and one sheet per breakdown (kind, method, cashier, branch,
// month), headers in the reader's language, amounts as numbers with two decimals, frozen header rows, set widths.
import type ExcelJS from 'exceljs';
import type { PaymentMethod, SystemKind } from '../../../contract/finance';
import type { FinanceReport, ReportKind } from '../../../contract/financeReport';
import type { Lang } from '../../i18n';
import { MONEY, reportWorkbook, table, workbookBytes } from '../reports/sheet';
import { sheetAmount } from '../sheets/workbook';

type Text = {
  sheets: { summary: string; kind: string; method: string; cashier: string; filial: string; month: string };
  period: string;
  filials: string;
  income: string;
  expense: string;
  net: string;
  profit: string;
  debt: string;
  debtors: string;
  kind: string;
  side: string;
  amount: string;
  method: string;
  cashier: string;
  filial: string;
  month: string;
  methods: Record<PaymentMethod, string>;
  systemKinds: Record<SystemKind, Record<'income' | 'expense', string>>;
};

export const REPORT_TEXT: Record<Lang, Text> = {
  uz: {
    sheets: { summary: 'Umumiy', kind: 'Turlar', method: 'To‘lov usullari', cashier: 'Kassalar', filial: 'Filiallar', month: 'Oylar' },
    period: 'Davr',
    filials: 'Filiallar',
    income: 'Kirim',
    expense: 'Chiqim',
    net: 'Sof natija',
    profit: 'Foyda',
    debt: 'Davr oxiridagi qarz',
    debtors: 'Qarzdorlar soni',
    kind: 'Tur',
    side: 'Yo‘nalish',
    amount: 'Summa',
    method: 'To‘lov usuli',
    cashier: 'Kassa',
    filial: 'Filial',
    month: 'Oy',
    methods: { cash: 'Naqd', card: 'Karta', transfer: 'O‘tkazma', click: 'Click', payme: 'Payme', uzum: 'Uzum' },
    systemKinds: {
      student_payment: { income: 'O‘quvchi to‘lovi', expense: 'O‘quvchi to‘lovi' },
      student_refund: { income: 'O‘quvchiga qaytarish', expense: 'O‘quvchiga qaytarish' },
      handover: { income: 'Kassa topshirish', expense: 'Kassa topshirish' },
      shift_difference: { income: 'Smena ortiqchasi', expense: 'Smena kamomadi' },
    },
  },
  ru: {
    sheets: { summary: 'Сводка', kind: 'Статьи', method: 'Способы оплаты', cashier: 'Кассы', filial: 'Филиалы', month: 'Месяцы' },
    period: 'Период',
    filials: 'Филиалы',
    income: 'Приход',
    expense: 'Расход',
    net: 'Чистый итог',
    profit: 'Прибыль',
    debt: 'Долг на конец периода',
    debtors: 'Число должников',
    kind: 'Статья',
    side: 'Направление',
    amount: 'Сумма',
    method: 'Способ оплаты',
    cashier: 'Касса',
    filial: 'Филиал',
    month: 'Месяц',
    methods: { cash: 'Наличные', card: 'Карта', transfer: 'Перечисление', click: 'Click', payme: 'Payme', uzum: 'Uzum' },
    systemKinds: {
      student_payment: { income: 'Оплата ученика', expense: 'Оплата ученика' },
      student_refund: { income: 'Возврат ученику', expense: 'Возврат ученику' },
      handover: { income: 'Сдача кассы', expense: 'Сдача кассы' },
      shift_difference: { income: 'Излишек смены', expense: 'Недостача смены' },
    },
  },
  en: {
    sheets: { summary: 'Summary', kind: 'Kinds', method: 'Methods', cashier: 'Cashiers', filial: 'Branches', month: 'Months' },
    period: 'Period',
    filials: 'Branches',
    income: 'Income',
    expense: 'Expense',
    net: 'Net',
    profit: 'Profit',
    debt: 'Debt at the period end',
    debtors: 'Debtors',
    kind: 'Kind',
    side: 'Side',
    amount: 'Amount',
    method: 'Payment method',
    cashier: 'Cashier',
    filial: 'Branch',
    month: 'Month',
    methods: { cash: 'Cash', card: 'Card', transfer: 'Transfer', click: 'Click', payme: 'Payme', uzum: 'Uzum' },
    systemKinds: {
      student_payment: { income: 'Student payment', expense: 'Student payment' },
      student_refund: { income: 'Student refund', expense: 'Student refund' },
      handover: { income: 'Handover', expense: 'Handover' },
      shift_difference: { income: 'Shift surplus', expense: 'Shift shortage' },
    },
  },
};

/** A kind's name for the reader: system kinds in their language, the centre's own kinds as named. */
export function kindName(kind: ReportKind, lang: Lang): string {
  return kind.system_key ? REPORT_TEXT[lang].systemKinds[kind.system_key][kind.action] : kind.name;
}

const n = sheetAmount;

export function buildReportWorkbook(report: FinanceReport, lang: Lang): ExcelJS.Workbook {
  const t = REPORT_TEXT[lang];
  const { workbook, summary } = reportWorkbook(t.sheets.summary, t, report, [
    [t.income, n(report.income)],
    [t.expense, n(report.expense)],
    [t.net, n(report.net)],
    [t.debt, n(report.debt_at_end)],
    [t.debtors, report.debtors_at_end],
  ]);
  for (const row of [3, 4, 5, 6]) summary.getCell(row, 2).numFmt = MONEY;

  table(
    workbook,
    t.sheets.kind,
    [{ header: t.kind, width: 30 }, { header: t.side, width: 12 }, { header: t.amount, width: 18, money: true }],
    report.by_kind.map((k) => [kindName(k.kind, lang), k.kind.action === 'income' ? t.income : t.expense, n(k.amount)]),
  );
  table(
    workbook,
    t.sheets.method,
    [{ header: t.method, width: 18 }, { header: t.income, width: 18, money: true }, { header: t.expense, width: 18, money: true }],
    report.by_method.map((m) => [t.methods[m.method], n(m.income), n(m.expense)]),
  );
  const filialName = new Map(report.filials.map((f) => [f.id, f.name]));
  table(
    workbook,
    t.sheets.cashier,
    [{ header: t.cashier, width: 26 }, { header: t.filial, width: 18 }, { header: t.income, width: 18, money: true }, { header: t.expense, width: 18, money: true }],
    report.by_cashier.map((c) => [c.cashier.name, filialName.get(c.filial) ?? '', n(c.income), n(c.expense)]),
  );
  table(
    workbook,
    t.sheets.filial,
    [{ header: t.filial, width: 20 }, { header: t.income, width: 18, money: true }, { header: t.expense, width: 18, money: true }, { header: t.profit, width: 18, money: true }],
    report.by_filial.map((f) => [f.filial.name, n(f.income), n(f.expense), n(f.profit)]),
  );
  table(
    workbook,
    t.sheets.month,
    [{ header: t.month, width: 12 }, { header: t.income, width: 18, money: true }, { header: t.expense, width: 18, money: true }],
    report.by_month.map((m) => [m.month, n(m.income), n(m.expense)]),
  );
  return workbook;
}

export async function reportWorkbookBytes(report: FinanceReport, lang: Lang): Promise<Uint8Array<ArrayBuffer>> {
  return workbookBytes(buildReportWorkbook(report, lang));
}
