import { useQueryClient } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { addLeadComment, leadDetailKeys, useLeadComments } from '../../../api/leadDetail';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { CommentComposer } from '../../common/CommentComposer';
import { Panel } from './parts';

const TEXTS = { label: 'lead_detail.comments.label', placeholder: 'lead_detail.comments.placeholder', add: 'lead_detail.comments.add', added: 'lead_detail.comments.added' };

/** The lead's comments, newest first, and a box to add one (POST /comments/ {lead, text}). */
export function LeadComments({ leadId, filial = null }: { leadId: number; filial?: number | null }) {
  const { t, lang } = useT();
  const queryClient = useQueryClient();
  const comments = useLeadComments(leadId);
  const rows = comments.data?.results ?? [];

  return (
    <Panel title={t('lead_detail.comments.title')} testId="lead-comments">
      <CommentComposer
        add={(text, mentions) => addLeadComment(leadId, text, mentions)}
        filial={filial}
        onAdded={() => void queryClient.invalidateQueries({ queryKey: leadDetailKeys.comments(leadId) })}
        texts={TEXTS}
        compact
      />
      {comments.isPending ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('lead_detail.loading')}</p> : null}
      {comments.isError ? (
        <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm' })}>
          {t('lead_detail.failedLoad')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void comments.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </p>
      ) : null}
      {comments.isSuccess && rows.length === 0 ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('lead_detail.comments.empty')}</p> : null}
      <ul className={css({ display: 'grid', gap: '3' })}>
        {rows.map((c) => (
          <li key={c.id} data-testid="lead-comment" className={css({ bg: 'bg.subtle', borderRadius: 'control', p: '3' })}>
            <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap', fontSize: 'xs', color: 'fg.muted' })}>
              <span className={css({ fontWeight: 'medium', color: 'fg.default' })}>{c.author?.full_name ?? t('lead_detail.comments.unknownAuthor')}</span>
              <time dateTime={c.created_at}>{formatDateTime(c.created_at, lang)}</time>
            </div>
            <p className={css({ mt: '1', fontSize: 'sm', whiteSpace: 'pre-line', overflowWrap: 'anywhere' })}>{c.text}</p>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
