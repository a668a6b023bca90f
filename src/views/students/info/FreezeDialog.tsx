import { css } from 'styled-system/css';
import { freezeBody, freezePeriodErrors, FREEZE_MAX_DAYS, type FreezeBody } from '../../../../contract/studentStatusApi';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { formBody, FormFooter, twoColumns } from '../../common/formParts';
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
  const form = useAppForm({
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
            <form.AppField name="from_date">{(f) => <f.DateField label="student_status.freeze_form.from_date" required />}</form.AppField>
            {/* The period's messages name the longest freeze ({{max}}), which the contract's refinement cannot carry. */}
            <form.AppField name="to_date">{(f) => <f.DateField label="student_status.freeze_form.to_date" required errorValues={{ max: FREEZE_MAX_DAYS }} />}</form.AppField>
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
          <form.AppField name="reason">
            {(f) => <f.TextareaField label="student_status.freeze_form.reason" placeholder={t('student_status.freeze_form.reason_placeholder')} required />}
          </form.AppField>
        </div>
        <FormFooter onCancel={onClose} saving={false} submitLabel={t('student_status.freeze_form.submit')} />
      </form>
    </Dialog>
  );
}
