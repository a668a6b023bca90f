import { useForm } from '@tanstack/react-form';
import { archiveStudent } from '../../../../contract/membership';
import { useT } from '../../../i18n';
import { Dialog } from '../../../ui/Dialog';
import { submitWith } from '../../common/FormTextField';
import { formBody, FormFooter, shownError, TextArea } from '../../edu/groups/detail/formParts';

const archiveReason = archiveStudent.pick({ reason: true });

/** Why the student leaves (required, as the server's archive body); archiving also closes their groups. */
export function ArchiveDialog({ studentName, onClose, onArchive }: { studentName: string; onClose: () => void; onArchive: (reason: string) => void }) {
  const { t } = useT();
  const form = useForm({
    defaultValues: { reason: '' },
    validators: { onChange: archiveReason, onSubmit: archiveReason },
    onSubmit: ({ value }) => {
      onArchive(archiveReason.parse(value).reason);
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} title={t('student_status.archive_form.title')} description={t('student_detail.archive.description', { student: studentName })} closeLabel={t('common.actions.close')} maxWidth="480px">
      <form noValidate onSubmit={submitWith(form)} data-testid="archive-form">
        <div className={formBody}>
          <form.Field name="reason">
            {(field) => (
              <TextArea
                label={t('student_status.archive_form.reason')}
                placeholder={t('student_status.archive_form.reason_placeholder')}
                required
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(e) => field.handleChange(e.target.value)}
                error={shownError(field, t)}
              />
            )}
          </form.Field>
        </div>
        <FormFooter onCancel={onClose} saving={false} submitLabel={t('student_status.archive_form.submit')} tone="danger" />
      </form>
    </Dialog>
  );
}
