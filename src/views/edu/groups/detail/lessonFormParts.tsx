// The lesson dialogs (extra lesson, move, cancel) share one shell and the same date, time, room and reason fields.
import type { FormEventHandler, ReactNode } from 'react';
import { useRoomList } from '../../../../api/rooms';
import { useT } from '../../../../i18n';
import { DateField } from '../../../../ui/DateField';
import { Dialog } from '../../../../ui/Dialog';
import { Select } from '../../../../ui/Select';
import { formBody, FormAlert, shownError, TextArea, TimeSelect, twoColumns } from '../../../common/formParts';

/** The dialog, its form, the scrolling body with the alert last, and the footer (a form.Subscribe on isSubmitting). */
export function LessonFormDialog(props: {
  title: string;
  description: string;
  maxWidth: string;
  testId: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  alert: string | null;
  footer: ReactNode;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={props.title}
      description={props.description}
      closeLabel={t('common.actions.close')}
      maxWidth={props.maxWidth}
    >
      <form noValidate onSubmit={props.onSubmit} data-testid={props.testId}>
        <div className={formBody}>
          {props.children}
          <FormAlert>{props.alert}</FormAlert>
        </div>
        {props.footer}
      </form>
    </Dialog>
  );
}

/** The parts of a TanStack Form field these inputs read; the value may be optional in the form's schema. */
type BoundField<V> = {
  name: string;
  state: { value: V | undefined; meta: { errors: readonly unknown[]; isTouched: boolean } };
  form: { state: { submissionAttempts: number } };
  handleChange: (value: V) => void;
  handleBlur: () => void;
};

export function LessonDateField({ field }: { field: BoundField<string> }) {
  const { t } = useT();
  return (
    <DateField
      label={t('group_detail.fields.date')}
      name="date"
      required
      value={field.state.value ?? ''}
      onChange={(day) => field.handleChange(day)}
      onBlur={field.handleBlur}
      error={shownError(field, t)}
    />
  );
}

export function LessonTimeField({ field, label }: { field: BoundField<string>; label: string }) {
  const { t } = useT();
  return <TimeSelect label={label} required value={field.state.value ?? ''} onChange={field.handleChange} error={shownError(field, t)} />;
}

export function LessonRoomField({ field, options }: { field: BoundField<number | undefined>; options: { value: number; label: string }[] }) {
  const { t } = useT();
  return (
    <Select
      label={t('group_detail.fields.room')}
      options={options}
      value={field.state.value ?? ''}
      onChange={(e) => field.handleChange(e.target.value === '' ? undefined : Number(e.target.value))}
      error={shownError(field, t)}
    />
  );
}

export function LessonReasonField({ field, label, required }: { field: BoundField<string>; label: string; required?: boolean }) {
  const { t } = useT();
  return (
    <TextArea
      label={label}
      required={required}
      value={field.state.value ?? ''}
      onChange={(e) => field.handleChange(e.target.value)}
      onBlur={field.handleBlur}
      error={shownError(field, t)}
      maxLength={500}
    />
  );
}

/** The branch's rooms to choose from, with the current room first when the list does not hold it (archived, say). */
export function useRoomOptions(filial: number, current: { id: number; name: string }) {
  const rooms = useRoomList(filial);
  const options = (rooms.data ?? []).map((r) => ({ value: r.id, label: r.name }));
  if (!options.some((o) => o.value === current.id)) options.unshift({ value: current.id, label: current.name });
  return options;
}

type Rendered = ReactNode | Promise<ReactNode>;
/** The part of a TanStack Form both lesson forms (extra, move) hand over: its Field for the date, times and room. */
type SlotForm = {
  Field: ((props: { name: 'date' | 'start_time' | 'end_time'; children: (field: BoundField<string>) => ReactNode }) => Rendered) &
    ((props: { name: 'room'; children: (field: BoundField<number | undefined>) => ReactNode }) => Rendered);
};

/** When and where: the date, the start and end side by side, and the room. */
export function LessonSlotFields({ form, roomOptions }: { form: SlotForm; roomOptions: { value: number; label: string }[] }) {
  const { t } = useT();
  return (
    <>
      <form.Field name="date">{(field) => <LessonDateField field={field} />}</form.Field>
      <div className={twoColumns}>
        <form.Field name="start_time">{(field) => <LessonTimeField field={field} label={t('group_detail.fields.start')} />}</form.Field>
        <form.Field name="end_time">{(field) => <LessonTimeField field={field} label={t('group_detail.fields.end')} />}</form.Field>
      </div>
      <form.Field name="room">{(field) => <LessonRoomField field={field} options={roomOptions} />}</form.Field>
    </>
  );
}
