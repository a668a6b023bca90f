import { css } from 'styled-system/css';
import type { Group } from '../../../../../contract/groups';
import { STUDENT_PICKER_LIMIT, type StudentBrief } from '../../../../../contract/students';
import { useBranchStudents } from '../../../../api/groupDetail';
import { useT } from '../../../../i18n';
import { toIsoDay } from '../../../../lib/dates';
import { Dialog } from '../../../../ui/Dialog';
import { submitWith } from '../../../../ui/form';
import { formBody, twoColumns } from '../../../../ui/form/FormAlert';
import { FormFooter } from '../../../../ui/form/FormFooter';
import { useStudentSearch } from '../../../common/studentSearch';
import { useJoinGroupForm } from '../../../common/useJoinGroupForm';

const LIMIT = STUDENT_PICKER_LIMIT.default;

/** Adds a student of the branch to the group (POST /add-group/) from a given day, at the group's or an own price. */
export function AddMemberDialog({
  group,
  memberIds,
  onClose,
  onDone,
}: {
  group: Group;
  memberIds: ReadonlySet<number>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useT();
  // The server searches (name or phone digits) and leaves out the group's members; a few at a time.
  const search = useStudentSearch<StudentBrief>({
    limit: LIMIT,
    texts: { loading: t('edu.list.loading'), empty: t('edu.list.empty'), narrow: t('group_detail.add.narrow', { count: LIMIT }), failed: t('group_detail.failedLoad') },
  });
  const students = useBranchStudents({ filial: group.filial, q: search.q, exclude_group: group.id, limit: LIMIT });
  const { write, form } = useJoinGroupForm({ group: group.id, joinedOn: toIsoDay(new Date()), onDone });

  return (
    <Dialog open onClose={onClose} title={t('group_detail.add.title')} description={group.name} closeLabel={t('common.actions.close')} maxWidth="560px">
      <form noValidate onSubmit={submitWith(form)} data-testid="add-member-form">
        <div className={formBody}>
          <form.AppField name="student">
            {(f) => (
              <f.SearchField
                label="group_detail.add.search"
                required
                placeholder={t('group_detail.add.searchHint')}
                // Members who joined since the list was fetched are left out here too.
                {...search.field(students, { hide: memberIds })}
                chosen={
                  search.chosen && f.state.value === search.chosen.id ? (
                    <span data-testid="add-member-chosen">{t('group_detail.add.chosen', { student: search.chosen.full_name })}</span>
                  ) : null
                }
              />
            )}
          </form.AppField>
          <div className={twoColumns}>
            <form.AppField name="joined_on">{(f) => <f.DateField label="group_detail.add.joinedOn" emptyAs={undefined} />}</form.AppField>
            <form.AppField name="price">
              {(f) => <f.TextField label="group_detail.add.price" inputMode="decimal" placeholder={group.price} format={(text) => (text.trim() === '' ? undefined : text.replace(',', '.'))} />}
            </form.AppField>
          </div>
          <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '-2' })}>{t('group_detail.add.priceHint')}</p>
        </div>
        <FormFooter write={write} onCancel={onClose} submitLabel={t('group_detail.add.submit')} />
      </form>
    </Dialog>
  );
}
