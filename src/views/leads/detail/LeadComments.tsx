import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { COMMENT_MAX_LENGTH, commentText } from '../../../../contract/comments';
import { ApiError } from '../../../api/errors';
import { addLeadComment, leadDetailKeys, useLeadComments } from '../../../api/leadDetail';
import { useActors } from '../../../app/hooks';
import { translateIssue, useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { TextArea } from '../../common/formParts';
import { MentionPicker } from '../../common/MentionPicker';
import { Panel } from './parts';

/** The lead's comments, newest first, and a box to add one (POST /comments/ {lead, text}). */
export function LeadComments({ leadId, filial = null }: { leadId: number; filial?: number | null }) {
  const { t, lang } = useT();
  const { toast } = useActors();
  const queryClient = useQueryClient();
  const comments = useLeadComments(leadId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [mentions, setMentions] = useState<number[]>([]);
  const add = useMutation({
    mutationFn: (value: string) => addLeadComment(leadId, value, mentions),
    onSuccess: async () => {
      setText('');
      setMentions([]);
      setError(null);
      toast.send({ type: 'toast.show', severity: 'success', message: 'lead_detail.comments.added' });
      await queryClient.invalidateQueries({ queryKey: leadDetailKeys.comments(leadId) });
    },
    onError: (e) => setError(e instanceof ApiError && e.status === 400 ? (Object.values(e.fields ?? {})[0]?.[0] ?? e.detail ?? t('lead_detail.comments.failed')) : t('lead_detail.comments.failed')),
  });
  const rows = comments.data?.results ?? [];

  return (
    <Panel title={t('lead_detail.comments.title')} testId="lead-comments">
      <form
        noValidate
        className={css({ display: 'grid', gap: '2', mb: '4' })}
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = commentText.safeParse(text);
          if (!parsed.success) {
            setError(translateIssue(parsed.error.issues[0], t));
            return;
          }
          add.mutate(parsed.data);
        }}
      >
        <TextArea
          label={t('lead_detail.comments.label')}
          placeholder={t('lead_detail.comments.placeholder')}
          rows={2}
          maxLength={COMMENT_MAX_LENGTH}
          value={text}
          error={error}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
        <MentionPicker filial={filial} value={mentions} onChange={setMentions} disabled={add.isPending} />
        <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
          <Button type="submit" size="sm" disabled={add.isPending}>
            {add.isPending ? t('lead_detail.comments.adding') : t('lead_detail.comments.add')}
          </Button>
        </div>
      </form>
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
