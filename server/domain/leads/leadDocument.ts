// One lead's application or contract as a .docx, in the reader's language. The centre is Markaz; the branch
// gives its name, address and phone. The contract names the monthly price only when the lead has an ordered group.
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { LeadDocumentKind } from '../../../contract/leadDownloads';
import type { Lang } from '../../i18n';
import type { LeadDocumentData } from './leadExport';

import { CENTRE_NAME } from '../core/centre';
import { groupedMoney } from '../core/moneyText';

const TEXT = {
  uz: {
    application: 'Ariza',
    contract: 'Shartnoma',
    name: 'F.I.Sh.',
    phone: 'Telefon',
    branch: 'Filial',
    subject: 'Fan',
    level: 'Daraja',
    days: 'Qulay kunlar',
    time: 'Qulay vaqt',
    operator: 'Operator',
    date: 'Sana',
    group: 'Guruh',
    firstLesson: 'Birinchi dars',
    price: 'Oylik to‘lov',
    currency: 'so‘m',
    applicationBody: (centre: string, branch: string) => `${centre} o‘quv markazi ${branch} filialiga o‘qishga qabul qilishingizni so‘rayman.`,
    contractBody: (centre: string, branch: string, name: string) =>
      `${centre} o‘quv markazi (${branch} filiali) va ${name} o‘rtasida ta’lim xizmatlarini ko‘rsatish bo‘yicha ushbu shartnoma tuzildi. ` +
      'Markaz tanlangan fan bo‘yicha darslarni jadval asosida o‘tkazadi, o‘quvchi esa to‘lovni har oy o‘z vaqtida amalga oshiradi.',
    noPrice: 'Oylik to‘lov guruh tanlangach belgilanadi.',
    signatures: 'Imzolar',
    centreSide: 'Markaz',
    studentSide: 'O‘quvchi',
    none: '—',
    weekdays: ['Dushanba', 'Seshanba', 'Chorshanba', 'Payshanba', 'Juma', 'Shanba', 'Yakshanba'],
  },
  ru: {
    application: 'Заявление',
    contract: 'Договор',
    name: 'Ф.И.О.',
    phone: 'Телефон',
    branch: 'Филиал',
    subject: 'Предмет',
    level: 'Уровень',
    days: 'Удобные дни',
    time: 'Удобное время',
    operator: 'Оператор',
    date: 'Дата',
    group: 'Группа',
    firstLesson: 'Первый урок',
    price: 'Ежемесячная оплата',
    currency: 'сум',
    applicationBody: (centre: string, branch: string) => `Прошу принять меня на обучение в учебный центр ${centre}, филиал ${branch}.`,
    contractBody: (centre: string, branch: string, name: string) =>
      `Настоящий договор об оказании образовательных услуг заключён между учебным центром ${centre} (филиал ${branch}) и ${name}. ` +
      'Центр проводит занятия по выбранному предмету согласно расписанию, а ученик своевременно вносит ежемесячную оплату.',
    noPrice: 'Ежемесячная оплата определяется после выбора группы.',
    signatures: 'Подписи',
    centreSide: 'Центр',
    studentSide: 'Ученик',
    none: '—',
    weekdays: ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'],
  },
  en: {
    application: 'Application',
    contract: 'Contract',
    name: 'Full name',
    phone: 'Phone',
    branch: 'Branch',
    subject: 'Subject',
    level: 'Level',
    days: 'Preferred days',
    time: 'Preferred time',
    operator: 'Operator',
    date: 'Date',
    group: 'Group',
    firstLesson: 'First lesson',
    price: 'Monthly fee',
    currency: 'UZS',
    applicationBody: (centre: string, branch: string) => `I ask to be admitted to the ${centre} learning centre, ${branch} branch.`,
    contractBody: (centre: string, branch: string, name: string) =>
      `This contract for educational services is made between the ${centre} learning centre (${branch} branch) and ${name}. ` +
      'The centre teaches the chosen subject on schedule; the student pays the monthly fee on time.',
    noPrice: 'The monthly fee is set once a group is chosen.',
    signatures: 'Signatures',
    centreSide: 'Centre',
    studentSide: 'Student',
    none: '—',
    weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  },
} satisfies Record<Lang, unknown>;

const line = (label: string, value: string) =>
  new Paragraph({ spacing: { after: 80 }, children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(value)] });

export type LeadDocumentOptions = { kind: LeadDocumentKind; lang: Lang; today: string };

export function buildLeadDocument({ lead, filial, price }: LeadDocumentData, { kind, lang, today }: LeadDocumentOptions): Document {
  const t = TEXT[lang];
  const or = (value: string | null | undefined) => (value ? value : t.none);
  const days = lead.preferred_days.map((d) => t.weekdays[d - 1]).join(', ');
  const heading = new Paragraph({ heading: HeadingLevel.HEADING_1, alignment: AlignmentType.CENTER, children: [new TextRun(t[kind])] });
  const centreLine = new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { after: 240 },
    children: [new TextRun([CENTRE_NAME, filial.name, filial.address, filial.phone].filter(Boolean).join(' · '))],
  });
  const body =
    kind === 'application'
      ? [
          new Paragraph({ spacing: { after: 200 }, children: [new TextRun(t.applicationBody(CENTRE_NAME, filial.name))] }),
          line(t.name, lead.full_name),
          line(t.phone, lead.extra_phone ? `${lead.phone}, ${lead.extra_phone}` : lead.phone),
          line(t.branch, filial.name),
          line(t.subject, or(lead.subject?.name)),
          line(t.level, or(lead.level?.name)),
          line(t.days, or(days)),
          line(t.time, or(lead.preferred_time)),
          line(t.operator, or(lead.operator?.full_name)),
          line(t.date, today),
        ]
      : [
          line(t.date, today),
          new Paragraph({ spacing: { after: 200 }, children: [new TextRun(t.contractBody(CENTRE_NAME, filial.name, lead.full_name))] }),
          line(t.name, lead.full_name),
          line(t.phone, lead.phone),
          line(t.subject, or(lead.subject?.name)),
          line(t.level, or(lead.level?.name)),
          ...(lead.order_group ? [line(t.group, lead.order_group.name), line(t.firstLesson, or(lead.first_lesson_date))] : []),
          price ? line(t.price, `${groupedMoney(price)} ${t.currency}`) : new Paragraph(t.noPrice),
          new Paragraph({ spacing: { before: 400 }, children: [new TextRun({ text: t.signatures, bold: true })] }),
          new Paragraph(`${t.centreSide}: ____________________`),
          new Paragraph(`${t.studentSide}: ____________________  ${lead.full_name}`),
        ];
  return new Document({
    creator: CENTRE_NAME,
    title: `${t[kind]} — ${lead.full_name}`,
    sections: [{ children: [heading, centreLine, ...body] }],
  });
}

export async function leadDocumentBytes(data: LeadDocumentData, options: LeadDocumentOptions): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await Packer.toBuffer(buildLeadDocument(data, options)));
}
