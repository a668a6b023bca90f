// A report's table under its heading: a table from tablet width up, and on a phone one card per row (the first
// column as the card's title, the others as label and value), like the student lists.
import { css } from 'styled-system/css';
import { useT } from '../../../i18n';
import { Card } from '../../../ui/Card';
import { Table, type Column } from '../../../ui/Table';
import { sectionTitle } from './ReportShell';

type Props<T> = { ns: string; heading: string; columns: Column<T>[]; rows: readonly T[]; rowKey: (r: T) => string | number; testId: string };

export function ReportTable<T>({ ns, heading, columns, rows, rowKey, testId }: Props<T>) {
  const { t } = useT();
  const [first, ...rest] = columns;
  return (
    <section className={css({ minW: '0' })}>
      <h2 className={sectionTitle}>{heading}</h2>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table columns={columns} rows={rows} rowKey={rowKey} loadingText={t(`${ns}.loading`)} emptyText={t(`${ns}.tables.empty`)} label={heading} testId={testId} />
      </div>
      <div className={css({ display: { base: 'grid', md: 'none' }, gap: '2' })} data-testid={`${testId}-cards`}>
        {rows.length === 0 ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t(`${ns}.tables.empty`)}</p> : null}
        {rows.map((row, i) => (
          <Card key={rowKey(row)} className={css({ p: '3' })}>
            <div className={css({ fontWeight: 'semibold', mb: '2' })}>{first.cell(row, i)}</div>
            <dl className={css({ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: '3', rowGap: '1', fontSize: 'sm' })}>
              {rest.map((c) => (
                <div key={c.key} className={css({ display: 'contents' })}>
                  <dt className={css({ color: 'fg.muted' })}>{c.header}</dt>
                  <dd className={css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' })}>{c.cell(row, i)}</dd>
                </div>
              ))}
            </dl>
          </Card>
        ))}
      </div>
    </section>
  );
}
