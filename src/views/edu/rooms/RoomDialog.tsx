import { useForm } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { ROOM_CAPACITY_MAX, ROOM_TYPES, roomBody, type Room, type RoomBody, type RoomType } from '../../../../contract/rooms';
import { ApiError } from '../../../api/errors';
import { createRoom, roomKeys, updateRoom } from '../../../api/rooms';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { Select } from '../../../ui/Select';
import { submitWith } from '../../common/FormTextField';
import { firstError } from '../../common/formErrors';

type Values = RoomBody;

/** Create (room null) or edit a room of the branch: name, type, capacity. Mounted only while open. */
export function RoomDialog({ room, filial, onClose }: { room: Room | null; filial: number; onClose: () => void }) {
  const { t } = useT();
  return (
    <Dialog
      open
      onClose={onClose}
      title={room ? t('rooms.form.editTitle') : t('rooms.form.createTitle')}
      description={t('rooms.form.description')}
      closeLabel={t('common.actions.close')}
      maxWidth="440px"
    >
      <RoomForm room={room} filial={filial} onDone={onClose} />
    </Dialog>
  );
}

function RoomForm({ room, filial, onDone }: { room: Room | null; filial: number; onDone: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const queryClient = useQueryClient();
  // The server's messages (a taken name) until that field changes.
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const save = useMutation({
    mutationFn: (values: Values) => (room ? updateRoom(room.id, { ...values, filial: room.filial }) : createRoom(values)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: roomKeys.all });
      toast.send({ type: 'toast.show', severity: 'success', message: 'rooms.saved' });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.fields) setServerErrors(error.fields);
      else toast.send({ type: 'toast.show', severity: 'error', message: 'rooms.saveFailed' });
    },
  });
  const form = useForm({
    defaultValues: { filial: room?.filial ?? filial, name: room?.name ?? '', room_type: room?.room_type ?? 'classroom', capacity: room?.capacity ?? 12 } as Values,
    validators: { onChange: roomBody, onSubmit: roomBody },
    onSubmit: ({ value }) => save.mutate({ ...value, name: value.name.trim() }),
  });
  const shown = (meta: { isTouched: boolean; errors: readonly unknown[] }, name: string) =>
    firstError(serverErrors[name] ?? [], t) ?? (meta.isTouched || form.state.submissionAttempts > 0 ? firstError(meta.errors, t) : null);
  const forget = (name: string) => setServerErrors(({ [name]: _, ...rest }) => rest);

  return (
    <form noValidate onSubmit={submitWith(form)} className={css({ display: 'grid', gap: '4' })} data-testid="room-form">
      <form.Field name="name">
        {(field) => (
          <Field
            label={t('rooms.form.name')}
            required
            name="name"
            autoFocus
            placeholder={t('rooms.form.namePlaceholder')}
            value={field.state.value}
            onBlur={field.handleBlur}
            onChange={(e) => {
              forget('name');
              field.handleChange(e.target.value);
            }}
            error={shown(field.state.meta, 'name')}
          />
        )}
      </form.Field>
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}>
        <form.Field name="room_type">
          {(field) => (
            <Select
              label={t('rooms.form.type')}
              required
              name="room_type"
              value={field.state.value}
              onChange={(e) => {
                forget('room_type');
                field.handleChange(e.target.value as RoomType);
              }}
              options={ROOM_TYPES.map((type) => ({ value: type, label: t(`rooms.types.${type}`) }))}
              error={shown(field.state.meta, 'room_type')}
            />
          )}
        </form.Field>
        <form.Field name="capacity">
          {(field) => (
            <Field
              label={t('rooms.form.capacity')}
              required
              name="capacity"
              type="number"
              inputMode="numeric"
              min={1}
              max={ROOM_CAPACITY_MAX}
              value={Number.isNaN(field.state.value) ? '' : field.state.value}
              onBlur={field.handleBlur}
              onChange={(e) => {
                forget('capacity');
                field.handleChange(e.target.value === '' ? Number.NaN : Number(e.target.value));
              }}
              error={shown(field.state.meta, 'capacity')}
            />
          )}
        </form.Field>
      </div>
      {serverErrors.filial?.[0] || serverErrors.non_field_errors?.[0] ? (
        <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm' })}>
          {firstError([...(serverErrors.filial ?? []), ...(serverErrors.non_field_errors ?? [])], t)}
        </p>
      ) : null}
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onDone}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('rooms.form.saving') : t('rooms.form.save')}
        </Button>
      </div>
    </form>
  );
}
