// Pieces the group page's small dialog forms share: the scrolling body and the alert (common), the buttons,
// a labelled text area and time select, and how a server's 400 or 409 answer is shown.
import type { AnyFieldLikeMetaBase } from '@tanstack/react-form';
import { useId, type TextareaHTMLAttributes } from 'react';
import { css, cx } from 'styled-system/css';
import { clashError } from '../../../contract/groups';
import { TIME_SLOTS } from '../../../contract/schedule';
import { ApiError } from '../../api/errors';
import { useT, type Translate } from '../../i18n/index';
import { Button } from '../../ui/Button';
import { dialogFooter } from '../../ui/Dialog';
import { inputStyle } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { firstError } from './formErrors';
import { placeServerErrors } from './serverErrors';
import { daysText, timeRange } from '../../lib/scheduleText';

export { FormAlert, formBody } from './DialogFormParts';
export const twoColumns = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });

export function FormFooter({
  onCancel,
  saving,
  submitLabel,
  tone = 'solid',
}: {
  onCancel: () => void;
  saving: boolean;
  submitLabel: string;
  tone?: 'solid' | 'danger';
}) {
  const { t } = useT();
  return (
    <div className={dialogFooter}>
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        {t('common.actions.cancel')}
      </Button>
      <Button type="submit" variant={tone} disabled={saving}>
        {saving ? t('group_detail.saving') : submitLabel}
      </Button>
    </div>
  );
}

type FieldLike = {
  name: string;
  state: { meta: { errors: readonly unknown[]; isTouched: boolean } };
  form: { state: { submissionAttempts: number } };
};

/** A field's first message once it was touched or a submit was tried (server messages are set on submit). */
export function shownError(field: FieldLike, t: Translate): string | null {
  const shown = field.state.meta.isTouched || field.form.state.submissionAttempts > 0;
  return shown ? firstError(field.state.meta.errors, t) : null;
}

const label = css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', mb: '1.5' });

export function TextArea({
  label: text,
  error,
  required,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | null }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
        {required ? (
          <span className={css({ color: 'danger.default', ms: '0.5' })} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        className={cx(inputStyle, css({ h: 'auto', py: '2', resize: 'vertical' }))}
        {...rest}
      />
      {error ? (
        <p role="alert" className={css({ mt: '1', fontSize: 'xs', color: 'danger.default' })}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const TIME_OPTIONS = TIME_SLOTS.map((s) => ({ value: s, label: s }));

export function TimeSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
}) {
  return (
    <Select
      label={props.label}
      options={TIME_OPTIONS}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error}
      required={props.required}
    />
  );
}

type FormWithMeta = { setFieldMeta: (name: never, updater: (meta: AnyFieldLikeMetaBase) => AnyFieldLikeMetaBase) => void };

/**
 * Shows a failed write: a 400's field messages go under the form's own fields; the rest (a detail, another field,
 * a 409's clash, a network failure) come back as one text for the alert above the buttons.
 */
export function applyServerError(form: FormWithMeta, error: unknown, fields: readonly string[], t: Translate): string {
  if (!(error instanceof ApiError)) return t('group_detail.failed');
  if (error.status === 409) return clashText(error, t);
  const rest = placeServerErrors(form as Parameters<typeof placeServerErrors<string>>[0], error, fields);
  if (error.status === 403) return t('group_detail.forbidden');
  if (error.status === 0) return t('common.errors.network');
  return rest.length || error.fields ? rest.join(' ') : t('group_detail.failed');
}

/** A 409 schedule clash in words: what is busy, with which group, when. */
export function clashText(error: ApiError, t: Translate): string {
  const parsed = clashError.safeParse(error.body);
  if (!parsed.success) return error.detail ?? t('group_detail.failed');
  const c = parsed.data.conflict;
  // Neither group nor lesson: busy in a branch the user cannot see (the server names neither).
  const what = c.group?.name ?? t(c.lesson ? 'group_detail.clash.oneOff' : 'group_detail.clash.elsewhere');
  const when = c.lesson ? c.lesson.date : daysText(c.days, t);
  return t(`group_detail.clash.${c.kind}`, { group: what, when, time: timeRange(c.start_time, c.end_time) });
}
