import { Archive, ArchiveRestore, Pencil } from 'lucide-react';
import { css } from 'styled-system/css';
import type { Room } from '../../../../contract/rooms';
import { useT } from '../../../i18n';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';

/** What a room row can do; the page owns the dialogs. */
export type RoomActions = { edit: (room: Room) => void; archive: (room: Room) => void; restore: (room: Room) => void; restoring: number | null };

export function RoomStatus({ room }: { room: Room }) {
  const { t } = useT();
  return room.is_archived ? <Badge tone="neutral">{t('rooms.status.archived')}</Badge> : <Badge tone="success">{t('rooms.status.active')}</Badge>;
}

export function RoomRowActions({ room, actions }: { room: Room; actions: RoomActions }) {
  const { t } = useT();
  if (room.is_archived) {
    return (
      <Button variant="outline" size="sm" onClick={() => actions.restore(room)} disabled={actions.restoring === room.id}>
        <ArchiveRestore size={16} aria-hidden="true" />
        {t('rooms.actions.restore')}
      </Button>
    );
  }
  return (
    <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end' })}>
      <Button variant="ghost" size="icon" aria-label={`${t('rooms.actions.edit')}: ${room.name}`} title={t('rooms.actions.edit')} onClick={() => actions.edit(room)}>
        <Pencil size={16} aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`${t('rooms.actions.archive')}: ${room.name}`} title={t('rooms.actions.archive')} onClick={() => actions.archive(room)}>
        <Archive size={16} aria-hidden="true" />
      </Button>
    </div>
  );
}
