import { useState } from 'react';
import { css } from 'styled-system/css';
import { recordCorrection, type FixedRow, type RecordCorrection } from '../../../../contract/timetracker';
import { bulkRecords, correctRecord } from '../../../api/timetracker';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { Dialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { formBody } from '../../common/DialogFormParts';
import { FormFooter } from '../../../ui/form/FormFooter';
import { useWrite } from '../../common/useWrite';
import { clockValue, instantOf } from './timeText';

/**
 * One employee's day: a correction of the record (arrived, left, and always a reason, kept in the log), or the
 * first record of a day with none (POST /timetracker/timeline/bulk).
 */
export function RecordDialog({ filial, day, row, onClose }: { filial: number; day: string; row: FixedRow; onClose: () => void }) {
  const { t, lang } = useT();
  const record = row.record;
  // A record is corrected (with its reason); a day without one gets its first record.
  const write = useWrite(
    (body: RecordCorrection): Promise<unknown> =>
      record
        ? correctRecord(record.id, body)
        : bulkRecords({ filial, records: [{ employee: row.employee.id, day, arrived_at: body.arrived_at, left_at: body.left_at }] }),
    { success: 'timetracker.form.saved', onDone: onClose },
  );
  const [arrived, setArrived] = useState(clockValue(record?.arrived_at));
  const [left, setLeft] = useState(clockValue(record?.left_at));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const body = { arrived_at: instantOf(day, arrived), left_at: instantOf(day, left), reason };
  const parsed = recordCorrection.safeParse(body);
  const reasonMissing = tried && record !== null && reason.trim() === '';
  const orderWrong = tried && !parsed.success && parsed.error.issues.some((i) => i.path[0] === 'left_at');

  // The bulk answer names the fields of its first record ("records.0.left_at").
  const errors = Object.fromEntries(Object.entries(write.fieldErrors).map(([k, v]) => [k.replace(/^records\.0\./, ''), v]));

  function submit() {
    setTried(true);
    if (record) {
      if (parsed.success) write.submit(parsed.data);
    } else if (!orderWrong) write.submit(body);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={record ? t('timetracker.form.title') : t('timetracker.form.recordTitle')}
      description={t('timetracker.form.description', { name: row.employee.full_name, day: formatDate(day, lang) })}
      closeLabel={t('timetracker.actions.cancel')}
      maxWidth="460px"
    >
      <form
        noValidate
        data-testid="record-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className={formBody}>
          <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: '1fr 1fr' })}>
            <Field label={t('timetracker.form.arrived')} type="time" value={arrived} onChange={(e) => setArrived(e.target.value)} error={errors.arrived_at} name="arrived" />
            <Field
              label={t('timetracker.form.left')}
              type="time"
              value={left}
              onChange={(e) => setLeft(e.target.value)}
              error={errors.left_at ?? (orderWrong ? t('timetracker.errors.order') : null)}
              name="left"
            />
          </div>
          {record ? (
            <Field
              label={t('timetracker.form.reason')}
              required
              placeholder={t('timetracker.form.reasonHint')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={errors.reason ?? (reasonMissing ? t('validation.required') : null)}
              name="reason"
            />
          ) : null}
        </div>
        <FormFooter
          write={{ ...write, message: write.message ?? errors.employee ?? null }}
          onCancel={onClose}
          cancelLabel={t('timetracker.actions.cancel')}
          submitLabel={t('timetracker.actions.save')}
          submitTestId="record-submit"
        />
      </form>
    </Dialog>
  );
}
