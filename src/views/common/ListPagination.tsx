import { DEFAULT_PAGE_SIZE } from '../../../contract/common';
import { useT } from '../../i18n';
import { Pagination } from '../../ui/Pagination';

/** A paged list's pager, worded with common.pager.* (common is always loaded); nothing while the list fits on one page (or has not loaded). */
export function ListPagination({
  page,
  count,
  onChange,
  pageSize = DEFAULT_PAGE_SIZE,
}: {
  page: number;
  count: number | undefined;
  onChange: (page: number) => void;
  pageSize?: number;
}) {
  const { t } = useT();
  if (count === undefined || count <= pageSize) return null;
  return (
    <Pagination
      page={page}
      pageSize={pageSize}
      count={count}
      onChange={onChange}
      summary={(from, to, total) => t('common.pager.range', { from, to, count: total })}
      prevLabel={t('common.pager.prev')}
      nextLabel={t('common.pager.next')}
    />
  );
}
