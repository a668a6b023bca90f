// Payment links for a student's parents: Payme's checkout (the merchant, the student and the amount in tiyin,
// base64-encoded into the path as Payme's checkout expects) and Click's pay page (service, merchant, amount and the
// student as transaction_param). The suggested amount is the debt, or when the student owes nothing the month's fee
// of their open groups (the membership's price or the group's, after a running sale).
import { and, eq, isNull } from 'drizzle-orm';
import { priceAfterSale } from '../../../contract/billing';
import { fromCents, toCents } from '../../../contract/money';
import { type PaymentLinks, sumToTiyin } from '../../../contract/onlinePayments';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { groups, studentGroups, studentTotals } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { runningSalesOf } from '../billing/sales';
import { findStudent } from '../students/students';

async function suggestedAmount(db: DbOrTx, studentId: number): Promise<Pick<PaymentLinks, 'amount' | 'basis'>> {
  const [total] = await db.select({ balance: studentTotals.balance }).from(studentTotals).where(eq(studentTotals.studentId, studentId));
  const balance = toCents(total?.balance ?? '0');
  if (balance < 0n) return { amount: fromCents(-balance), basis: 'debt' };
  const open = await db
    .select({ group: studentGroups.groupId, own: studentGroups.price, price: groups.price })
    .from(studentGroups)
    .innerJoin(groups, eq(groups.id, studentGroups.groupId))
    .where(and(eq(studentGroups.studentId, studentId), isNull(studentGroups.leftOn)));
  const sales = await runningSalesOf(db, studentId);
  let fee = 0n;
  for (const m of open) {
    const sale = sales.find((s) => s.group.id === m.group)?.sale ?? null;
    fee += toCents(priceAfterSale(m.own ?? m.price, sale && { kind: sale.kind, value: sale.value }));
  }
  return fee > 0n ? { amount: fromCents(fee), basis: 'month_fee' } : { amount: '0.00', basis: 'none' };
}

/** "150000.00" → "150000", "150000.50" → "150000.50": Click's page shows what it is given. */
const plainSum = (amount: string) => amount.replace(/\.00$/, '');

/**
 * The links of any student, without a user's scope: for the fee reminder's text, which the server writes itself.
 * Requests go through paymentLinks, which first checks the student is the user's.
 */
export async function studentPaymentLinks(db: DbOrTx, config: Config, studentId: number): Promise<PaymentLinks> {
  const { amount, basis } = await suggestedAmount(db, studentId);
  const payable = basis !== 'none';
  const payme = config.payme && payable ? `${config.payme.checkoutUrl.replace(/\/$/, '')}/${Buffer.from(`m=${config.payme.merchantId};ac.student_id=${studentId};a=${sumToTiyin(amount)}`).toString('base64')}` : null;
  let click: string | null = null;
  if (config.click && payable) {
    const params = new URLSearchParams({ service_id: config.click.serviceId, merchant_id: config.click.merchantId, amount: plainSum(amount), transaction_param: String(studentId) });
    click = `${config.click.payUrl}?${params}`;
  }
  return { student: studentId, amount, basis, payme, click };
}

/** The one link a text to parents carries: Payme's, else Click's, else none (''). */
export function paymentLinkOf(config: Config): (db: DbOrTx, studentId: number) => Promise<string> {
  return async (db, studentId) => {
    if (!config.payme && !config.click) return '';
    const links = await studentPaymentLinks(db, config, studentId);
    return links.payme ?? links.click ?? '';
  };
}

/** GET /payments/links/{id}/: another branch's student is a 404, as on the card. */
export async function paymentLinks(db: DbOrTx, user: AuthUser, config: Config, studentId: number): Promise<PaymentLinks> {
  await findStudent(db, user, studentId);
  return studentPaymentLinks(db, config, studentId);
}
