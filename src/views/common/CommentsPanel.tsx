// Notes on a person (a student, an employee), newest first, with a box to add one that may mention colleagues.
// The two cards differ only in their request, their words and where the page number lives.
import type { UseQueryResult } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import type { z } from 'zod';
import type { commentPage } from '../../../contract/comments';
import { useT } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { CommentComposer } from './CommentComposer';
import { ListPagination } from './ListPagination';
const item = css({ py: '3', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });

/** The i18n keys of one card's texts. */
export type CommentTexts = { label: string; add: string; empty: string; loadFailed: string; loading?: string; system?: string };

type Props = {
  comments: UseQueryResult<z.infer<typeof commentPage>>;
  add: (text: string, mentions: number[]) => Promise<unknown>;
  filial: number | null;
  page: number;
  onPage: (page: number) => void;
  texts: CommentTexts;
  testId: string;
};

export function CommentsPanel({ comments, add, filial, page, onPage, texts, testId }: Props) {
  const { t, lang } = useT();
  return (
    <div className={css({ display: 'grid', gap: '4', maxW: '48rem' })} data-testid={testId}>
      <CommentComposer
        add={add}
        filial={filial}
        onAdded={() => {
          onPage(1);
          void comments.refetch();
        }}
        texts={texts}
        testId="comment-form"
      />
      {comments.isPending && texts.loading ? <p className={muted}>{t(texts.loading)}</p> : null}
      {comments.isError ? (
        <p className={muted} role="alert">
          {t(texts.loadFailed)}
        </p>
      ) : null}
      {comments.data && comments.data.results.length === 0 ? <p className={muted}>{t(texts.empty)}</p> : null}
      {comments.data?.results.length ? (
        <ul className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', px: '4' })} data-testid="comments-list">
          {comments.data.results.map((c) => (
            <li key={c.id} className={item}>
              <div className={css({ color: 'fg.muted', fontSize: 'xs' })}>
                {c.author?.full_name ?? (texts.system ? t(texts.system) : '—')} · {formatDateTime(c.created_at, lang)}
              </div>
              <p className={css({ mt: '1', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm' })}>{c.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <ListPagination page={page} count={comments.data?.count} onChange={onPage} />
    </div>
  );
}
