import { ChevronLeft, ChevronRight } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from './Button';

type PaginationProps = {
  page: number;
  pageSize: number;
  count: number;
  onChange: (page: number) => void;
  /** "1–30 of 120" */
  summary: (from: number, to: number, count: number) => string;
  prevLabel: string;
  nextLabel: string;
};

/** Previous / next for a server-paged list, with the range shown. */
export function Pagination({ page, pageSize, count, onChange, summary, prevLabel, nextLabel }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(count, page * pageSize);
  return (
    <nav className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', mt: '3' })} aria-label={summary(from, to, count)}>
      <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{summary(from, to, count)}</span>
      <div className={css({ display: 'flex', gap: '2' })}>
        <Button variant="outline" size="sm" onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label={prevLabel}>
          <ChevronLeft size={16} />
        </Button>
        <Button variant="outline" size="sm" onClick={() => onChange(page + 1)} disabled={page >= pages} aria-label={nextLabel}>
          <ChevronRight size={16} />
        </Button>
      </div>
    </nav>
  );
}
