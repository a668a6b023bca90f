import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

const wrap = css({ overflowX: 'auto', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card' });
const table = css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' });
const th = css({
  textAlign: 'start',
  fontWeight: 'semibold',
  color: 'fg.muted',
  bg: 'bg.subtle',
  px: '3',
  py: '2.5',
  whiteSpace: 'nowrap',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});
const td = css({ px: '3', py: '2.5', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'middle' });
const clickable = css({ cursor: 'pointer', _hover: { bg: 'bg.subtle' } });
const message = css({ px: '3', py: '8', textAlign: 'center', color: 'fg.muted' });

export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** Right-aligned (numbers, money). */
  numeric?: boolean;
  width?: string;
};

type TableProps<T> = {
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  loadingText: string;
  emptyText: string;
  onRowClick?: (row: T) => void;
  label?: string;
  testId?: string;
};

/** A plain data table: server-paged lists render one page; the caller owns paging and filters. */
export function Table<T>({ columns, rows, rowKey, loading, loadingText, emptyText, onRowClick, label, testId }: TableProps<T>) {
  const body = (() => {
    if (!rows && loading) return <Message span={columns.length} text={loadingText} />;
    if (!rows || rows.length === 0) return <Message span={columns.length} text={emptyText} />;
    return rows.map((row, i) => (
      <tr
        key={rowKey(row)}
        className={onRowClick ? clickable : undefined}
        onClick={onRowClick ? () => onRowClick(row) : undefined}
        data-row-id={rowKey(row)}
      >
        {columns.map((c) => (
          <td key={c.key} className={cx(td, c.numeric ? css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' }) : undefined)}>
            {c.cell(row, i)}
          </td>
        ))}
      </tr>
    ));
  })();
  return (
    <div className={wrap} aria-busy={loading || undefined}>
      <table className={table} aria-label={label} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cx(th, c.numeric ? css({ textAlign: 'end' }) : undefined)} style={c.width ? { width: c.width } : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

function Message({ span, text }: { span: number; text: string }) {
  return (
    <tr>
      <td colSpan={span} className={message}>
        {text}
      </td>
    </tr>
  );
}
