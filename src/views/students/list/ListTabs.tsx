import { useEffect, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { Link } from 'wouter';
import type { StudentCounts } from '../../../api/students';
import { useReadablePages } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { LIST_PAGE_KEYS, LIST_PATHS, STUDENT_LISTS, tabSearch, type StudentList } from '../../../lib/studentLists';

const stripStyle = css({
  position: 'relative',
  display: 'flex',
  gap: '1',
  mb: '4',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  overflowX: 'auto',
  scrollbarWidth: 'none',
});
const tab = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  mb: '-1px',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  whiteSpace: 'nowrap',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  _hover: { color: 'fg.default' },
  '&[aria-current=page]': { color: 'accent.fg', borderColor: 'accent.default' },
});
const count = css({ px: '1.5', minW: '6', textAlign: 'center', borderRadius: 'full', bg: 'bg.muted', fontSize: 'xs', fontVariantNumeric: 'tabular-nums' });

/** The five lists as links with their counts; only the lists the user may read. Filters travel along. */
export function ListTabs({ current, counts, params }: { current: StudentList; counts: StudentCounts | undefined; params: URLSearchParams }) {
  const { t } = useT();
  const readable = useReadablePages();
  const search = tabSearch(params);
  const lists = STUDENT_LISTS.filter((list) => readable.has(LIST_PAGE_KEYS[list]));
  const nav = useRef<HTMLElement>(null);
  // On a phone the strip scrolls sideways: bring the current list into view (only the strip moves, not the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab or its counts moved the strip
  useEffect(() => {
    const strip = nav.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current=page]');
    if (!strip || !active) return;
    strip.scrollLeft = active.offsetLeft - (strip.clientWidth - active.offsetWidth) / 2;
  }, [current, counts]);
  return (
    <nav ref={nav} className={stripStyle} aria-label={t('students.tabs.label')} data-testid="student-list-tabs">
      {lists.map((list) => (
        <Link key={list} href={`${LIST_PATHS[list]}${search}`} className={tab} aria-current={list === current ? 'page' : undefined} data-list={list}>
          {t(`students.lists.${list}`)}
          <span className={cx(count)} aria-label={t('students.tabs.count', { count: counts?.[list] ?? 0 })}>
            {counts ? counts[list] : '·'}
          </span>
          {list === 'active' && counts && counts.frozen > 0 ? (
            <span className={css({ fontSize: 'xs', color: 'fg.subtle', fontWeight: 'normal' })}>{t('students.tabs.frozen', { count: counts.frozen })}</span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}
