import { css } from 'styled-system/css';
import type { Room } from '../../../../contract/rooms';
import { useT } from '../../../i18n';
import { rowNumber } from '../../../lib/params';
import { RoomRowActions, RoomStatus, type RoomActions } from './RoomActions';

const list = css({ display: 'grid', gap: '2' });
const item = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '2' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

/** The rooms as cards on a phone, where five columns do not fit. */
export function RoomCards({ rooms, page, loading, emptyText, actions }: { rooms: readonly Room[] | undefined; page: number; loading: boolean; emptyText: string; actions: RoomActions }) {
  const { t } = useT();
  if (!rooms) return <p className={message}>{loading ? t('edu.list.loading') : emptyText}</p>;
  if (rooms.length === 0) return <p className={message}>{emptyText}</p>;
  return (
    <ul className={list} aria-label={t('rooms.title')} data-testid="rooms-cards">
      {rooms.map((room, i) => (
        <li key={room.id} className={item}>
          <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
            <span className={css({ fontWeight: 'semibold' })}>
              <span className={css({ color: 'fg.subtle', fontWeight: 'normal', me: '2' })}>{rowNumber(page, i)}.</span>
              {room.name}
            </span>
            <RoomStatus room={room} />
          </div>
          <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', color: 'fg.muted', fontSize: 'sm' })}>
            <span>
              {t(`rooms.types.${room.room_type}`)} · {t('rooms.seats', { count: room.capacity })}
            </span>
            <RoomRowActions room={room} actions={actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
