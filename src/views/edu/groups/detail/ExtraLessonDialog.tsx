import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import type { z } from 'zod';
import type { Group } from '../../../../../contract/groups';
import { groupExtraLesson } from '../../../../../contract/lessons';
import { addGroupExtraLesson } from '../../../../api/groupDetail';
import { useRoomList } from '../../../../api/rooms';
import { useT } from '../../../../i18n';
import { toIsoDay } from '../../../../lib/dates';
import { Dialog } from '../../../../ui/Dialog';
import { Field } from '../../../../ui/Field';
import { Select } from '../../../../ui/Select';
import { submitWith } from '../../../common/FormTextField';
import { applyServerError, formBody, FormAlert, FormFooter, shownError, TextArea, TimeSelect, twoColumns } from './formParts';

const FIELDS = ['date', 'start_time', 'end_time', 'room', 'reason'];

/** Adds an extra lesson for the whole group (POST /lessons/group-extra/); teacher and room default to the group's. */
export function ExtraLessonDialog({ group, onClose, onDone }: { group: Group; onClose: () => void; onDone: () => void }) {
  const { t } = useT();
  const rooms = useRoomList(group.filial);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    defaultValues: {
      group: group.id,
      date: toIsoDay(new Date()),
      start_time: group.start_time.slice(0, 5),
      end_time: group.end_time.slice(0, 5),
      room: group.room.id,
      reason: '',
    } as z.input<typeof groupExtraLesson>,
    validators: { onChange: groupExtraLesson, onSubmit: groupExtraLesson },
    onSubmit: async ({ value }) => {
      setAlert(null);
      try {
        await addGroupExtraLesson(groupExtraLesson.parse(value));
        onDone();
      } catch (error) {
        setAlert(applyServerError(form, error, FIELDS, t));
      }
    },
  });
  const roomOptions = (rooms.data ?? []).map((r) => ({ value: r.id, label: r.name }));
  if (!roomOptions.some((o) => o.value === group.room.id)) roomOptions.unshift({ value: group.room.id, label: group.room.name });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('group_detail.extra.title')}
      description={group.name}
      closeLabel={t('common.actions.close')}
      maxWidth="520px"
    >
      <form noValidate onSubmit={submitWith(form)} data-testid="extra-lesson-form">
        <div className={formBody}>
          <form.Field name="date">
            {(field) => (
              <Field
                label={t('group_detail.fields.date')}
                type="date"
                required
                value={field.state.value}
                onChange={(e) => field.handleChange(e.target.value)}
                onBlur={field.handleBlur}
                error={shownError(field, t)}
              />
            )}
          </form.Field>
          <div className={twoColumns}>
            <form.Field name="start_time">
              {(field) => (
                <TimeSelect
                  label={t('group_detail.fields.start')}
                  required
                  value={field.state.value}
                  onChange={field.handleChange}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
            <form.Field name="end_time">
              {(field) => (
                <TimeSelect
                  label={t('group_detail.fields.end')}
                  required
                  value={field.state.value}
                  onChange={field.handleChange}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
          </div>
          <form.Field name="room">
            {(field) => (
              <Select
                label={t('group_detail.fields.room')}
                options={roomOptions}
                value={field.state.value ?? ''}
                onChange={(e) => field.handleChange(e.target.value === '' ? undefined : Number(e.target.value))}
                error={shownError(field, t)}
              />
            )}
          </form.Field>
          <form.Field name="reason">
            {(field) => (
              <TextArea
                label={t('group_detail.fields.note')}
                value={field.state.value ?? ''}
                onChange={(e) => field.handleChange(e.target.value)}
                onBlur={field.handleBlur}
                error={shownError(field, t)}
                maxLength={500}
              />
            )}
          </form.Field>
          <FormAlert>{alert}</FormAlert>
        </div>
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(saving) => <FormFooter onCancel={onClose} saving={saving} submitLabel={t('group_detail.extra.submit')} />}
        </form.Subscribe>
      </form>
    </Dialog>
  );
}
