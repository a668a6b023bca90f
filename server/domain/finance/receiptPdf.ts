// The receipt as a PDF (A5, one page) in the reader's language. DejaVu Sans is embedded because the PDF's
// standard fonts have no ‘ (o‘, g‘) and no Cyrillic.
import { createRequire } from 'node:module';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { ruAmountWords } from '../../../contract/amountWordsRu';
import PDFDocument from 'pdfkit';
import { CENTRE_TIME_ZONE } from '../../../contract/centreDay';
import { DATE_PATTERNS } from '../../../contract/datePatterns';
import type { Receipt } from '../../../contract/receipt';
import { groupedMoney } from '../core/moneyText';

const require = createRequire(import.meta.url);
const REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type ReceiptTexts = (key: string, params?: Record<string, unknown>) => string;

/** The receipt's time on the centre's clock, in the language's pattern. */
export function receiptTime(createdAt: string, lang: keyof typeof DATE_PATTERNS): string {
  return format(new TZDate(new Date(createdAt).getTime(), CENTRE_TIME_ZONE), DATE_PATTERNS[lang].dateTime);
}

export async function receiptPdfBytes(r: Receipt, lang: keyof typeof DATE_PATTERNS, t: ReceiptTexts): Promise<Buffer> {
  const title = `${t('receipt.title')} ${t('receipt.number', { number: r.number })}`;
  const doc = new PDFDocument({ size: 'A5', margin: 36, font: REGULAR, lang, info: { Title: title, Author: r.centre, Subject: r.student.full_name } });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const money = (amount: string) => `${groupedMoney(amount)} ${t('receipt.currency')}`;
  const row = (label: string, value: string) => {
    doc.font('bold').fontSize(9).fillColor('#555555').text(label);
    doc.font('regular').fontSize(11).fillColor('#000000').text(value).moveDown(0.4);
  };

  doc.font('bold').fontSize(16).text(r.centre, { align: 'center' });
  doc.font('regular').fontSize(9).text([r.filial.name, r.filial.address, r.filial.phone].filter(Boolean).join(' · '), { align: 'center' });
  doc.moveDown(1);
  doc.font('bold').fontSize(13).text(title, { align: 'center' });
  doc.font('regular').fontSize(10).text(receiptTime(r.created_at, lang), { align: 'center' });
  doc.moveDown(1);
  if (r.reversed) {
    doc.font('bold').fontSize(12).fillColor('#b00020').text(t('receipt.reversed').toUpperCase(), { align: 'center' }).fillColor('#000000');
    doc.moveDown(0.6);
  }
  row(t('receipt.student'), r.student.full_name);
  for (const line of r.lines) row(t('receipt.group'), `${line.group?.name ?? t('receipt.noGroup')} — ${money(line.amount)}`);
  row(t('receipt.amount'), money(r.amount));
  row(t('receipt.amountWords'), lang === 'ru' ? ruAmountWords(r.amount) : r.amount_words);
  row(t('receipt.method'), t(`finance.methods.${r.method}`));
  row(t('receipt.cashier'), r.cashier.name);
  row(t('receipt.receivedBy'), r.received_by.full_name);
  doc.moveDown(1);
  doc.font('regular').fontSize(10).text(`${t('receipt.signature')}: ____________________`);
  doc.moveDown(1);
  doc.font('bold').fontSize(10).text(t('receipt.thanks'), { align: 'center' });
  doc.end();
  return done;
}
