// The box to add a comment (on a student, an employee, a lead) that may mention colleagues: checked by the
// contract's rule, sent through useWrite, emptied when it is saved.
import { useState } from 'react';
import { css } from 'styled-system/css';
import { z } from 'zod';
import { commentText, COMMENT_MAX_LENGTH } from '../../../contract/comments';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { submitWith, useAppForm } from '../../ui/form';
import { FormAlert } from '../../ui/form/FormAlert';
import { MentionPicker } from './MentionPicker';
import { useWrite } from './useWrite';

const schema = z.object({ text: commentText });

type Props = {
  add: (text: string, mentions: number[]) => Promise<unknown>;
  filial: number | null;
  onAdded: () => void;
  /** i18n keys: the box's label, its placeholder, the button, the toast after saving. */
  texts: { label: string; placeholder?: string; add: string; added?: string };
  compact?: boolean;
  testId?: string;
};

export function CommentComposer({ add, filial, onAdded, texts, compact = false, testId }: Props) {
  const { t } = useT();
  const [mentions, setMentions] = useState<number[]>([]);
  const write = useWrite(({ text }: { text: string }) => add(text, mentions), {
    success: texts.added,
    onDone: () => {
      form.reset();
      setMentions([]);
      onAdded();
      write.again();
    },
  });
  const form = useAppForm({
    defaultValues: { text: '' },
    validators: { onSubmit: schema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(schema.parse(value), formApi),
  });
  return (
    <form noValidate onSubmit={submitWith(form)} data-testid={testId} className={css({ display: 'grid', gap: '2', mb: compact ? '4' : '0' })}>
      <form.AppField name="text">
        {(f) => <f.TextareaField label={texts.label} placeholder={texts.placeholder ? t(texts.placeholder) : undefined} rows={compact ? 2 : 3} maxLength={COMMENT_MAX_LENGTH} />}
      </form.AppField>
      <MentionPicker filial={filial} value={mentions} onChange={setMentions} disabled={write.submitting} />
      <FormAlert>{write.message}</FormAlert>
      <div className={compact ? css({ display: 'flex', justifyContent: 'flex-end' }) : undefined}>
        <Button type="submit" size={compact ? 'sm' : undefined} disabled={write.submitting}>
          {write.submitting ? t('common.form.saving') : t(texts.add)}
        </Button>
      </div>
    </form>
  );
}
