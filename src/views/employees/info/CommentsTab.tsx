import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { z } from 'zod';
import { commentText, COMMENT_MAX_LENGTH } from '../../../../contract/comments';
import { addEmployeeComment, useEmployeeComments } from '../../../api/employees';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { submitWith } from '../../common/FormTextField';
import { ListPagination } from '../../common/ListPagination';
import { MentionPicker } from '../../common/MentionPicker';
import { applyServerError, FormAlert, shownError, TextArea } from '../../common/formParts';

const schema = z.object({ text: commentText });
const item = css({ py: '3', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } });
const muted = css({ color: 'fg.muted', fontSize: 'xs' });

/** Notes on the employee (GET / POST /comments/stuff/), newest first. */
export function CommentsTab({ employeeId, filial = null }: { employeeId: number; filial?: number | null }) {
  const { t, lang } = useT();
  const [page, setPage] = useState(1);
  const comments = useEmployeeComments(employeeId, page);
  const [alert, setAlert] = useState<string | null>(null);
  const [mentions, setMentions] = useState<number[]>([]);
  const form = useForm({
    defaultValues: { text: '' },
    validators: { onSubmit: schema },
    onSubmit: async ({ value, formApi }) => {
      setAlert(null);
      try {
        await addEmployeeComment(employeeId, schema.parse(value).text, mentions);
        formApi.reset();
        setMentions([]);
        setPage(1);
        await comments.refetch();
      } catch (error) {
        setAlert(applyServerError(form, error, ['text'], t) || t('employees.comments.failed'));
      }
    },
  });
  return (
    <div className={css({ display: 'grid', gap: '4', maxW: '48rem' })} data-testid="employee-comments">
      <form noValidate onSubmit={submitWith(form)} className={css({ display: 'grid', gap: '2' })}>
        <form.Field name="text">
          {(field) => (
            <TextArea label={t('employees.comments.placeholder')} maxLength={COMMENT_MAX_LENGTH} value={field.state.value} onBlur={field.handleBlur} onChange={(e) => field.handleChange(e.target.value)} error={shownError(field, t)} />
          )}
        </form.Field>
        <MentionPicker filial={filial} value={mentions} onChange={setMentions} />
        <FormAlert>{alert}</FormAlert>
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(saving) => (
            <div>
              <Button type="submit" disabled={saving}>
                {t('employees.comments.add')}
              </Button>
            </div>
          )}
        </form.Subscribe>
      </form>
      {comments.isError ? <p role="alert" className={muted}>{t('employees.comments.loadFailed')}</p> : null}
      {comments.data && comments.data.results.length === 0 ? <p className={css({ color: 'fg.muted' })}>{t('employees.comments.empty')}</p> : null}
      {comments.data?.results.length ? (
        <ul className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', px: '4' })}>
          {comments.data.results.map((c) => (
            <li key={c.id} className={item}>
              <div className={muted}>
                {c.author?.full_name ?? '—'} · {formatDateTime(c.created_at, lang)}
              </div>
              <p className={css({ mt: '1', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm' })}>{c.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <ListPagination page={page} count={comments.data?.count} onChange={setPage} />
    </div>
  );
}
