// /cashiers/receipt?id=<entry>: a payment's receipt as the cashier prints it (the page alone, no sidebar; the
// buttons do not print) or downloads it as the server's PDF. One payment split over groups shows one line per group.
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useSearchParams } from 'wouter';
import type { Receipt } from '../../../../contract/receipt';
import { receiptPdfUrl, useReceipt } from '../../../api/finance';
import { ApiError } from '../../../api/errors';
import { ruAmountWords } from '../../../../contract/amountWordsRu';
import { useT } from '../../../i18n';
import { formatCentreDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { Button } from '../../../ui/Button';
import { DownloadButton } from '../../common/DownloadButton';
import NotFoundPage from '../../common/NotFoundPage';

const sheet = css({
  maxW: '520px',
  mx: 'auto',
  my: { base: '4', md: '10' },
  p: { base: '5', md: '8' },
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  display: 'grid',
  gap: '4',
  _print: { borderWidth: '0', my: '0', p: '0', maxW: 'none' },
});
const label = css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' });
const value = css({ fontSize: 'md' });
const noPrint = css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap', _print: { display: 'none' } });

function entryId(search: URLSearchParams): number | null {
  const id = Number(search.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export default function ReceiptPage() {
  const [params] = useSearchParams();
  const id = entryId(params);
  if (id === null) return <NotFoundPage />;
  return <ReceiptLoader key={id} id={id} />;
}

function ReceiptLoader({ id }: { id: number }) {
  const { t } = useT();
  const query = useReceipt(id);
  if (query.isSuccess) return <ReceiptSheet receipt={query.data} id={id} />;
  const refused = query.error instanceof ApiError ? query.error : null;
  if (refused?.status === 404) return <NotFoundPage />;
  return (
    <div className={sheet} role={query.isError ? 'alert' : undefined} data-testid="receipt-state">
      {query.isPending ? t('common.loading') : refused?.status === 409 && refused.detail ? refused.detail : t('receipt.loadFailed')}
    </div>
  );
}

function Row({ name, children, testId }: { name: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <div className={label}>{name}</div>
      <div className={value} data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

function ReceiptSheet({ receipt: r, id }: { receipt: Receipt; id: number }) {
  const { t, lang } = useT();
  const money = (amount: string) => `${formatMoney(amount)} ${t('receipt.currency')}`;
  return (
    <article className={sheet} data-testid="receipt" data-receipt-number={r.number}>
      <div className={noPrint}>
        <DownloadButton url={receiptPdfUrl(id)} fileName={`kvitansiya-${r.number}.pdf`} label={t('receipt.downloadPdf')} size="sm" data-testid="receipt-pdf" />
        <Button size="sm" onClick={() => window.print()} data-testid="receipt-print">
          <Printer size={16} aria-hidden />
          {t('receipt.print')}
        </Button>
      </div>
      <header className={css({ textAlign: 'center', display: 'grid', gap: '1' })}>
        <div className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{r.centre}</div>
        <div className={css({ fontSize: 'sm', color: 'fg.muted' })}>{[r.filial.name, r.filial.address, r.filial.phone].filter(Boolean).join(' · ')}</div>
        <h1 className={css({ fontSize: 'lg', fontWeight: 'semibold', mt: '3' })}>
          {t('receipt.title')} {t('receipt.number', { number: r.number })}
        </h1>
        <div className={css({ fontSize: 'sm' })}>{formatCentreDateTime(r.created_at, lang)}</div>
      </header>
      {r.reversed ? (
        <p role="status" data-testid="receipt-reversed" className={css({ textAlign: 'center', fontWeight: 'bold', color: 'danger.default', textTransform: 'uppercase' })}>
          {t('receipt.reversed')}
        </p>
      ) : null}
      <Row name={t('receipt.student')}>{r.student.full_name}</Row>
      {r.lines.map((line) => (
        <Row key={line.entry} name={t('receipt.group')}>
          {line.group?.name ?? t('receipt.noGroup')} — {money(line.amount)}
        </Row>
      ))}
      <Row name={t('receipt.amount')} testId="receipt-amount">
        <strong>{money(r.amount)}</strong>
      </Row>
      <Row name={t('receipt.amountWords')} testId="receipt-words">
        {lang === 'ru' ? ruAmountWords(r.amount) : r.amount_words}
      </Row>
      <Row name={t('receipt.method')}>{t(`finance.methods.${r.method}`)}</Row>
      <Row name={t('receipt.cashier')}>{r.cashier.name}</Row>
      <Row name={t('receipt.receivedBy')}>{r.received_by.full_name}</Row>
      <div className={css({ mt: '4' })}>{t('receipt.signature')}: ____________________</div>
      <p className={css({ textAlign: 'center', fontWeight: 'semibold' })}>{t('receipt.thanks')}</p>
    </article>
  );
}
