import { css } from 'styled-system/css';
import { usePickableGroups } from '../../../api/groupDetail';
import { useT } from '../../../i18n';
import { daysText, timeRange } from '../../../lib/scheduleText';
import { Dialog } from '../../../ui/Dialog';
import { submitWith } from '../../../ui/form';
import { formBody, twoColumns } from '../../../ui/form/FormAlert';
import { FormFooter } from '../../../ui/form/FormFooter';
import { useJoinGroupForm } from '../../common/useJoinGroupForm';

/** Puts the student into a running group of their branch (POST /add-group/) from a day, at the group's or an own price. */
export function AddToGroupDialog({
  student,
  currentGroups,
  today,
  onClose,
  onDone,
}: {
  student: { id: number; full_name: string; filial: number };
  currentGroups: ReadonlySet<number>;
  today: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useT();
  const groups = usePickableGroups(student.filial);
  const choices = (groups.data ?? []).filter((g) => !currentGroups.has(g.id));
  const { write, form } = useJoinGroupForm({ student: student.id, joinedOn: today, onDone });
  return (
    <Dialog open onClose={onClose} title={t('student_detail.addGroup.title')} description={student.full_name} closeLabel={t('common.actions.close')} maxWidth="560px">
      <form noValidate onSubmit={submitWith(form)} data-testid="add-group-form">
        <div className={formBody}>
          <form.AppField name="group">
            {(f) => (
              <f.SelectField
                label="student_detail.addGroup.group"
                required
                parse={Number}
                placeholder={groups.isPending ? t('student_detail.loading') : t('student_detail.addGroup.choose')}
                options={choices.map((g) => ({
                  value: g.id,
                  label: `${g.name} · ${daysText(g.days, t)} ${timeRange(g.start_time, g.end_time)} · ${g.teacher.full_name}`,
                }))}
              />
            )}
          </form.AppField>
          {groups.isSuccess && choices.length === 0 ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('student_detail.addGroup.none')}</p>
          ) : null}
          <div className={twoColumns}>
            <form.AppField name="joined_on">{(f) => <f.DateField label="student_detail.addGroup.joinedOn" emptyAs={undefined} />}</form.AppField>
            <form.AppField name="price">
              {(f) => <f.TextField label="student_detail.addGroup.price" inputMode="decimal" format={(text) => (text.trim() === '' ? undefined : text.replace(',', '.'))} />}
            </form.AppField>
          </div>
          <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '-2' })}>{t('student_detail.addGroup.priceHint')}</p>
        </div>
        <FormFooter write={write} onCancel={onClose} submitLabel={t('student_detail.addGroup.submit')} />
      </form>
    </Dialog>
  );
}
