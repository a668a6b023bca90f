// /control/sales: the sales catalogue (create, archive and bring back) and the students with sales in the chosen
// branch (running first; a running one can be ended). Writes go through the financeWrite statechart with an
// Idempotency-Key per user action.

import { useState } from 'react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { endSale, patchSale, setBillingSettings, useBillingSettings, useSales, useStudentSales, type Sale, type StudentSale } from '../../../api/billing';
import { useReadablePages } from '../../../app/hooks';
import { useCurrentBranch } from '../../../app/useBranch';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { PageHeader } from '../../../ui/PageHeader';
import { Pagination } from '../../../ui/Pagination';
import { intParam, useQueryParams } from '../../common/useQueryParams';
import { ConfirmWriteDialog } from '../../common/money/ConfirmWriteDialog';
import { saleValueText } from '../../common/money/billingForms';
import { SaleCreateDialog } from './SaleCreateDialog';
import { AddButton } from '../../../ui/AddButton';

const PAGE = 30;
const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '4' });
const row = css({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  fontSize: 'sm',
  _last: { borderBottomWidth: '0' },
});
const muted = css({ fontSize: 'xs', color: 'fg.muted' });
const title = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' });
const empty = css({ py: '6', textAlign: 'center', color: 'fg.muted', fontSize: 'sm' });

type Open = { kind: 'create' } | { kind: 'archive'; sale: Sale } | { kind: 'end'; sale: StudentSale } | { kind: 'excused'; filial: number; on: boolean } | null;

export default function SalesPage() {
  const { t, lang } = useT();
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const page = intParam(params, 'page') ?? 1;
  const running = params.get('running') !== 'false';
  const sales = useSales(null);
  const students = useStudentSales({ page, page_size: PAGE, filial: filial ?? undefined, running });
  const [open, setOpen] = useState<Open>(null);
  // The branch's switch is control work (PATCH /finance/settings/ needs the control page).
  const canSwitch = useReadablePages().has('control');
  const settings = useBillingSettings(filial, canSwitch);
  const summary = (from: number, to: number, count: number) => t('billing.pageSummary', { from, to, count });

  return (
    <div>
      <PageHeader
        title={t('billing.catalogue.pageTitle')}
        actions={
          <AddButton onClick={() => setOpen({ kind: 'create' })} data-testid="sale-add">
            {t('billing.catalogue.create')}
          </AddButton>
        }
        subtitle={t('billing.catalogue.subtitle')}
      />
      {canSwitch && settings.data ? (
        <section className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '4', mb: '4' })} data-testid="billing-settings">
          <label className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', cursor: 'pointer' })}>
            <input
              type="checkbox"
              checked={settings.data.charge_excused}
              onChange={(e) => setOpen({ kind: 'excused', filial: settings.data!.filial, on: e.target.checked })}
              data-testid="charge-excused"
              className={css({ mt: '1' })}
            />
            <span>
              <span className={css({ fontWeight: 'medium', fontSize: 'sm' })}>{t('billing.settings.chargeExcused')}</span>
              <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>{t('billing.settings.hint')}</span>
            </span>
          </label>
        </section>
      ) : null}
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' })}>
        <section className={panel} data-testid="sales-catalogue">
          <h2 className={title}>{t('billing.catalogue.title')}</h2>
          {sales.isLoading ? <p className={empty}>{t('billing.loading')}</p> : null}
          {sales.data && sales.data.length === 0 ? <p className={empty}>{t('billing.catalogue.none')}</p> : null}
          {sales.data?.map((s) => (
            <div key={s.id} className={row} data-testid={`sale-row-${s.id}`}>
              <div className={css({ minW: '0' })}>
                <div className={css({ fontWeight: 'medium', display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                  {s.name}
                  {s.is_archived ? <Badge>{t('billing.catalogue.archived')}</Badge> : null}
                </div>
                <div className={muted}>
                  {t(`billing.kinds.${s.kind}`)} · {saleValueText(s, formatMoney)} · {t('billing.catalogue.students', { count: s.students })}
                </div>
              </div>
              <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'archive', sale: s })} data-testid={`sale-archive-${s.id}`}>
                {s.is_archived ? t('billing.catalogue.restore') : t('billing.catalogue.archive')}
              </Button>
            </div>
          ))}
        </section>
        <section className={panel} data-testid="student-sales">
          <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: '2', mb: '2' })}>
            <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{t('billing.studentSales.title')}</h2>
            <div className={css({ display: 'flex', gap: '1' })} role="group">
              {[true, false].map((value) => (
                <Button
                  key={String(value)}
                  size="sm"
                  variant={running === value ? 'solid' : 'outline'}
                  aria-pressed={running === value}
                  onClick={() => setParams({ running: value ? null : 'false', page: null })}
                >
                  {value ? t('billing.studentSales.running') : t('billing.studentSales.ended')}
                </Button>
              ))}
            </div>
          </div>
          {students.data && students.data.count === 0 ? <p className={empty}>{t('billing.studentSales.none')}</p> : null}
          {students.data?.results.map((s) => (
            <div key={s.id} className={row} data-testid={`student-sale-${s.id}`}>
              <div className={css({ minW: '0' })}>
                <Link href={`/students/info?id=${s.student.id}&tab=payments`} className={css({ fontWeight: 'medium', color: 'accent.fg', _hover: { textDecoration: 'underline' } })}>
                  {s.student.full_name}
                </Link>
                <div className={muted}>
                  {s.group.name} · {s.sale.name} ({saleValueText(s.sale, formatMoney)}) · {formatDate(s.from_date, lang)}
                  {s.ended_on ? ` – ${formatDate(s.ended_on, lang)}` : ''}
                  {s.reason ? ` · ${s.reason}` : ''}
                </div>
              </div>
              {s.ended_on === null ? (
                <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'end', sale: s })}>
                  {t('billing.sale.end')}
                </Button>
              ) : null}
            </div>
          ))}
          {students.data && students.data.count > PAGE ? (
            <Pagination page={page} pageSize={PAGE} count={students.data.count} onChange={(p) => setParams({ page: p > 1 ? p : null })} summary={summary} prevLabel={t('billing.prev')} nextLabel={t('billing.next')} />
          ) : null}
        </section>
      </div>
      {open?.kind === 'create' ? <SaleCreateDialog onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'archive' ? (
        <ConfirmWriteDialog
          testId="sale-archive-form"
          title={open.sale.is_archived ? t('billing.catalogue.restoreTitle') : t('billing.catalogue.archiveTitle')}
          description={open.sale.name}
          confirmLabel={open.sale.is_archived ? t('billing.catalogue.restore') : t('billing.catalogue.archive')}
          doneMessage="billing.catalogue.saved"
          run={(key) => patchSale(open.sale.id, { is_archived: !open.sale.is_archived }, key)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'excused' ? (
        <ConfirmWriteDialog
          testId="charge-excused-form"
          title={t('billing.settings.confirmTitle')}
          description={open.on ? t('billing.settings.turnOn') : t('billing.settings.turnOff')}
          confirmLabel={t('common.actions.confirm')}
          doneMessage="billing.settings.saved"
          run={(key) => setBillingSettings({ filial: open.filial, charge_excused: open.on }, key)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'end' ? (
        <ConfirmWriteDialog
          testId="end-sale-form"
          title={t('billing.sale.endTitle')}
          description={t('billing.sale.endText', { name: open.sale.sale.name, group: open.sale.group.name })}
          confirmLabel={t('billing.sale.end')}
          doneMessage="billing.sale.ended"
          run={(key) => endSale(open.sale.id, key)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}
