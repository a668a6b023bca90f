import { useForm } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import { freezeBody, freezePeriodErrors, FREEZE_MAX_DAYS, type FreezeBody } from '../../../../contract/studentStatusApi';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { DateField } from '../../../ui/DateField';
import { Dialog } from '../../../ui/Dialog';
import { submitWith } from '../../common/FormTextField';
import { formBody, FormFooter, shownError, TextArea, twoColumns } from '../../common/formParts';
import { addDays } from '../../../../contract/centreDay';

/**
 * The freeze period and its reason, checked with the shared contract (the same messages the server would
 * answer) before the status statechart sends it. A start after today is a scheduled freeze, and says so.
 */
export function FreezeDialog({
  studentName,
  today,
  onClose,
  onFreeze,
}: {
  studentName: string;
  today: string;
  onClose: () => void;
  onFreeze: (period: FreezeBody) => void;
}) {
  const { t, lang } = useT();
  // The period messages name the longest freeze ({{max}}), which the contract's refinement cannot carry.
  const tPeriod: typeof t = (key, params) => t(key, { max: FREEZE_MAX_DAYS, ...params });
  const form = useForm({
    defaultValues: { from_date: today, to_date: addDays(today, 14), reason: '' },
    validators: {
      onChange: freezeBody,
      onSubmit: ({ value }) => {
        const parsed = freezeBody.safeParse(value);
        if (!parsed.success) return undefined;
        const errors = freezePeriodErrors(value, today);
        return Object.keys(errors).length ? { fields: errors } : undefined;
      },
    },
    onSubmit: ({ value }) => {
      onFreeze(freezeBody.parse(value));
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} title={t('student_status.freeze_form.title')} description={studentName} closeLabel={t('common.actions.close')} maxWidth="520px">
      <form noValidate onSubmit={submitWith(form)} data-testid="freeze-form">
        <div className={formBody}>
          <div className={twoColumns}>
            <form.Field name="from_date">
              {(field) => (
                <DateField
                  label={t('student_status.freeze_form.from_date')}
                  name="from_date"
                  required
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onChange={(day) => field.handleChange(day)}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
            <form.Field name="to_date">
              {(field) => (
                <DateField
                  label={t('student_status.freeze_form.to_date')}
                  name="to_date"
                  required
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onChange={(day) => field.handleChange(day)}
                  error={shownError(field, tPeriod)}
                />
              )}
            </form.Field>
          </div>
          <form.Subscribe selector={(s) => s.values.from_date}>
            {(from) => (
              <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '-2' })} data-testid="freeze-hint">
                {from > today
                  ? t('student_detail.freeze.scheduledHint', { date: formatDate(from, lang) })
                  : t('student_detail.freeze.nowHint', { days: FREEZE_MAX_DAYS })}
              </p>
            )}
          </form.Subscribe>
          <form.Field name="reason">
            {(field) => (
              <TextArea
                label={t('student_status.freeze_form.reason')}
                placeholder={t('student_status.freeze_form.reason_placeholder')}
                required
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(e) => field.handleChange(e.target.value)}
                error={shownError(field, t)}
              />
            )}
          </form.Field>
        </div>
        <FormFooter onCancel={onClose} saving={false} submitLabel={t('student_status.freeze_form.submit')} />
      </form>
    </Dialog>
  );
}
