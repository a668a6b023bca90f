import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import { css } from 'styled-system/css';
import { z } from 'zod';
import type { Room } from '../../../../contract/rooms';
import { ApiError } from '../../../api/errors';
import { archiveRoom, roomKeys } from '../../../api/rooms';
import { useT } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { useWrite } from '../../common/useWrite';

// The 409 of DELETE /groups/room/{id}/: what still uses the room.
const roomInUse = z.object({
  groups: z.array(z.object({ id: z.number(), name: z.string() })).default([]),
  lessons_count: z.number().default(0),
});
type RoomInUse = z.infer<typeof roomInUse>;

/** Confirm, then archive. A room still in use is not archived: the dialog says what holds it. */
export function ArchiveRoomDialog({ room, onClose }: { room: Room; onClose: () => void }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [inUse, setInUse] = useState<RoomInUse | null>(null);
  const archive = useWrite(
    async () => {
      await archiveRoom(room.id);
      await queryClient.invalidateQueries({ queryKey: roomKeys.all });
    },
    {
      success: 'rooms.archive.done',
      onDone: onClose,
      failureToast: 'rooms.archive.failed',
      // What still uses the room: the dialog shows it instead of a message.
      handle: (error) => {
        if (!(error instanceof ApiError && error.status === 409)) return false;
        setInUse(roomInUse.safeParse(error.body).data ?? { groups: [], lessons_count: 0 });
        return true;
      },
    },
  );

  if (inUse) {
    return (
      <Dialog open onClose={onClose} title={t('rooms.archive.blockedTitle')} closeLabel={t('common.actions.close')} maxWidth="425px" role="alertdialog">
        <div role="alert" data-testid="room-in-use" className={css({ display: 'grid', gap: '2', p: '3', borderRadius: 'control', bg: 'danger.subtle', color: 'danger.default', fontSize: 'sm' })}>
          <p className={css({ display: 'flex', gap: '2', fontWeight: 'medium' })}>
            <AlertTriangle size={18} aria-hidden="true" className={css({ flexShrink: 0 })} />
            {t('rooms.archive.blocked')}
          </p>
          {inUse.groups.length ? <p>{t('rooms.archive.blockedGroups', { names: inUse.groups.map((g) => `«${g.name}»`).join(', ') })}</p> : null}
          {inUse.lessons_count ? <p>{t('rooms.archive.blockedLessons', { count: inUse.lessons_count })}</p> : null}
        </div>
        <div className={dialogFooter}>
          <Button onClick={onClose}>{t('common.actions.close')}</Button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('rooms.archive.title')}
      description={t('rooms.archive.description', { name: room.name })}
      closeLabel={t('common.actions.cancel')}
      maxWidth="425px"
      role="alertdialog"
    >
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>
        <Button variant="danger" onClick={() => archive.submit(undefined)} disabled={archive.submitting}>
          {t('rooms.archive.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
