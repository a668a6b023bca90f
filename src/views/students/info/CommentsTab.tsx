import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { z } from 'zod';
import { commentText, COMMENT_MAX_LENGTH } from '../../../../contract/comments';
import { addStudentComment, useStudentComments } from '../../../api/studentDetail';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { submitWith } from '../../common/FormTextField';
import { ListPagination } from '../../common/ListPagination';
import { MentionPicker } from '../../common/MentionPicker';
import { applyServerError, FormAlert, shownError, TextArea } from '../../common/formParts';
import { emptyText, muted } from './parts';

const schema = z.object({ text: commentText });
const item = css({ py: '3', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } });

/** Notes on the student, newest first, and a box to add one (POST /comments/). */
export function CommentsTab({ studentId, filial = null, page, onPage }: { studentId: number; filial?: number | null; page: number; onPage: (page: number) => void }) {
  const { t, lang } = useT();
  const comments = useStudentComments(studentId, page);
  const [alert, setAlert] = useState<string | null>(null);
  const [mentions, setMentions] = useState<number[]>([]);
  const form = useForm({
    defaultValues: { text: '' },
    validators: { onSubmit: schema },
    onSubmit: async ({ value, formApi }) => {
      setAlert(null);
      try {
        await addStudentComment(studentId, schema.parse(value).text, mentions);
        formApi.reset();
        setMentions([]);
        onPage(1);
        await comments.refetch();
      } catch (error) {
        setAlert(applyServerError(form, error, ['text'], t));
      }
    },
  });
  return (
    <div className={css({ display: 'grid', gap: '4', maxW: '48rem' })} data-testid="comments-tab">
      <form noValidate onSubmit={submitWith(form)} data-testid="comment-form" className={css({ display: 'grid', gap: '2' })}>
        <form.Field name="text">
          {(field) => (
            <TextArea
              label={t('student_detail.comments.new')}
              maxLength={COMMENT_MAX_LENGTH}
              value={field.state.value}
              onBlur={field.handleBlur}
              onChange={(e) => field.handleChange(e.target.value)}
              error={shownError(field, t)}
            />
          )}
        </form.Field>
        <MentionPicker filial={filial} value={mentions} onChange={setMentions} />
        <FormAlert>{alert}</FormAlert>
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(saving) => (
            <div>
              <Button type="submit" disabled={saving}>
                {saving ? t('student_detail.saving') : t('student_detail.comments.add')}
              </Button>
            </div>
          )}
        </form.Subscribe>
      </form>
      {comments.isPending ? <p className={emptyText}>{t('student_detail.loading')}</p> : null}
      {comments.isError ? <p className={emptyText} role="alert">{t('student_detail.failedLoad')}</p> : null}
      {comments.data && comments.data.results.length === 0 ? <p className={emptyText}>{t('student_detail.comments.empty')}</p> : null}
      {comments.data?.results.length ? (
        <ul className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', px: '4' })} data-testid="comments-list">
          {comments.data.results.map((c) => (
            <li key={c.id} className={item}>
              <div className={muted}>
                {c.author?.full_name ?? t('student_detail.system')} · {formatDateTime(c.created_at, lang)}
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
