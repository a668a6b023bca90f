import { useState } from 'react';
import { css } from 'styled-system/css';
import { recordCorrection, type FixedRow } from '../../../../contract/timetracker';
import { ApiError } from '../../../api/errors';
import { useBulkRecords, useCorrectRecord } from '../../../api/timetracker';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { formBody, FormAlert } from '../../common/DialogFormParts';
import { clockValue, instantOf } from './timeText';

/**
 * One employee's day: a correction of the record (arrived, left, and always a reason, kept in the log), or the
 * first record of a day with none (POST /timetracker/timeline/bulk).
 */
export function RecordDialog({ filial, day, row, onClose }: { filial: number; day: string; row: FixedRow; onClose: () => void }) {
  const { t, lang } = useT();
  const { toast } = useActors();
  const record = row.record;
  const correct = useCorrectRecord();
  const bulk = useBulkRecords();
  const [arrived, setArrived] = useState(clockValue(record?.arrived_at));
  const [left, setLeft] = useState(clockValue(record?.left_at));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const body = { arrived_at: instantOf(day, arrived), left_at: instantOf(day, left), reason };
  const parsed = recordCorrection.safeParse(body);
  const reasonMissing = tried && record !== null && reason.trim() === '';
  const orderWrong = tried && !parsed.success && parsed.error.issues.some((i) => i.path[0] === 'left_at');

  async function submit() {
    setTried(true);
    setErrors({});
    try {
      if (record) {
        if (!parsed.success) return;
        await correct.mutateAsync({ id: record.id, body: parsed.data });
      } else {
        if (orderWrong) return;
        await bulk.mutateAsync({ filial, records: [{ employee: row.employee.id, day, arrived_at: body.arrived_at, left_at: body.left_at }] });
      }
      toast.send({ type: 'toast.show', severity: 'success', message: 'timetracker.form.saved' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.replace(/^records\.0\./, ''), v[0] ?? ''])));
      } else if (err instanceof ApiError) setErrors({ form: err.detail ?? t('common.errors.unknown') });
    }
  }

  const pending = correct.isPending || bulk.isPending;
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
          void submit();
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
          <FormAlert>{errors.form ?? errors.employee ?? null}</FormAlert>
        </div>
        <div className={dialogFooter}>
          <Button variant="outline" onClick={onClose}>
            {t('timetracker.actions.cancel')}
          </Button>
          <Button type="submit" disabled={pending} data-testid="record-submit">
            {t('timetracker.actions.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
