import { useQueryClient } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { ROOM_CAPACITY_MAX, ROOM_TYPES, roomBody, type Room, type RoomBody } from '../../../../contract/rooms';
import { createRoom, roomKeys, updateRoom } from '../../../api/rooms';
import { useT } from '../../../i18n';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { twoColumns } from '../../../ui/form/FormAlert';
import { FormFooter } from '../../../ui/form/FormFooter';
import { useWrite } from '../../common/useWrite';

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
  const queryClient = useQueryClient();
  const write = useWrite(
    async (values: RoomBody) => {
      const saved = room ? await updateRoom(room.id, { ...values, filial: room.filial }) : await createRoom(values);
      await queryClient.invalidateQueries({ queryKey: roomKeys.all });
      return saved;
    },
    { success: 'rooms.saved', onDone, messages: { failed: 'rooms.saveFailed', conflict: 'rooms.saveFailed' } },
  );
  const form = useAppForm({
    defaultValues: { filial: room?.filial ?? filial, name: room?.name ?? '', room_type: room?.room_type ?? 'classroom', capacity: room?.capacity ?? 12 } as RoomBody,
    validators: { onChange: roomBody, onSubmit: roomBody },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit({ ...value, name: value.name.trim() }, formApi),
  });

  return (
    <form noValidate onSubmit={submitWith(form)} className={css({ display: 'grid', gap: '4' })} data-testid="room-form">
      <form.AppField name="name">{(f) => <f.TextField label="rooms.form.name" required autoFocus placeholder={t('rooms.form.namePlaceholder')} />}</form.AppField>
      <div className={twoColumns}>
        <form.AppField name="room_type">
          {(f) => <f.SelectField label="rooms.form.type" required options={ROOM_TYPES.map((type) => ({ value: type, label: t(`rooms.types.${type}`) }))} />}
        </form.AppField>
        <form.AppField name="capacity">{(f) => <f.NumberField label="rooms.form.capacity" required min={1} max={ROOM_CAPACITY_MAX} />}</form.AppField>
      </div>
      <FormFooter write={write} onCancel={onDone} submitLabel={t('rooms.form.save')} />
    </form>
  );
}
