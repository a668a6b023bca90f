import { useQueryClient } from '@tanstack/react-query';
import { DoorOpen } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { Room } from '../../../../contract/rooms';
import { roomKeys, updateRoom, useRoomsPage } from '../../../api/rooms';
import { useCurrentBranch } from '../../../app/useBranch';
import { useT } from '../../../i18n';
import { rowNumber } from '../../../lib/params';
import { PageHeader } from '../../../ui/PageHeader';
import { ListPagination } from '../../common/ListPagination';
import { useWrite } from '../../common/useWrite';
import { Table, type Column } from '../../../ui/Table';
import { Tabs } from '../../../ui/Tabs';
import { MessagePage } from '../../common/MessagePage';
import { intParam, useQueryParams } from '../../common/useQueryParams';
import { ArchiveRoomDialog } from './ArchiveRoomDialog';
import { RoomRowActions, RoomStatus, type RoomActions } from './RoomActions';
import { RoomCards } from './RoomCards';
import { RoomDialog } from './RoomDialog';
import { AddButton } from '../../../ui/AddButton';

type Editing = { kind: 'create' } | { kind: 'edit'; room: Room } | { kind: 'archive'; room: Room } | null;

/** /edu/rooms: the current branch's rooms, active or archived (?archived=1), a page at a time (?page=). */
export default function RoomsPage() {
  const { t } = useT();
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const archived = params.get('archived') === '1';
  const page = intParam(params, 'page') ?? 1;
  const [editing, setEditing] = useState<Editing>(null);
  const restore = useRestoreRoom();

  if (filial === null) return <MessagePage icon={<DoorOpen size={28} />} title={t('edu.noBranch')} />;

  const actions: RoomActions = {
    edit: (room) => setEditing({ kind: 'edit', room }),
    archive: (room) => setEditing({ kind: 'archive', room }),
    restore: (room) => restore.submit(room),
    restoring: restore.pending?.id ?? null,
  };
  const list = <RoomList filial={filial} page={page} archived={archived} actions={actions} onPage={(p) => setParams({ page: p > 1 ? p : null })} />;
  return (
    <div>
      <PageHeader
        title={t('rooms.title')}
        actions={
          <AddButton onClick={() => setEditing({ kind: 'create' })} data-testid="room-add">
            {t('rooms.add')}
          </AddButton>
        }
        subtitle={t('rooms.subtitle')}
      />
      <Tabs
        label={t('rooms.filter.label')}
        value={archived ? 'archived' : 'active'}
        onChange={(value) => setParams({ archived: value === 'archived' ? 1 : null, page: null })}
        items={[
          { value: 'active', label: t('rooms.filter.active'), content: archived ? null : list },
          { value: 'archived', label: t('rooms.filter.archived'), content: archived ? list : null },
        ]}
      />
      {editing?.kind === 'create' ? <RoomDialog room={null} filial={filial} onClose={() => setEditing(null)} /> : null}
      {editing?.kind === 'edit' ? <RoomDialog room={editing.room} filial={filial} onClose={() => setEditing(null)} /> : null}
      {editing?.kind === 'archive' ? <ArchiveRoomDialog room={editing.room} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function RoomList({ filial, page, archived, actions, onPage }: { filial: number; page: number; archived: boolean; actions: RoomActions; onPage: (page: number) => void }) {
  const { t } = useT();
  const rooms = useRoomsPage({ filial, page, archived });
  const rows = rooms.data?.results;
  const empty = archived ? t('rooms.emptyArchived') : t('rooms.empty');
  const columns: Column<Room>[] = [
    { key: 'number', header: t('rooms.columns.number'), cell: (_, i) => rowNumber(page, i), width: '56px' },
    { key: 'name', header: t('rooms.columns.name'), cell: (r) => <span className={css({ fontWeight: 'medium' })}>{r.name}</span> },
    { key: 'type', header: t('rooms.columns.type'), cell: (r) => t(`rooms.types.${r.room_type}`) },
    { key: 'capacity', header: t('rooms.columns.capacity'), cell: (r) => t('rooms.seats', { count: r.capacity }), numeric: true },
    { key: 'status', header: t('rooms.columns.status'), cell: (r) => <RoomStatus room={r} /> },
    { key: 'actions', header: <span className={css({ srOnly: true })}>{t('rooms.columns.actions')}</span>, cell: (r) => <RoomRowActions room={r} actions={actions} />, width: '1%' },
  ];
  return (
    <div>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table columns={columns} rows={rows} rowKey={(r) => r.id} loading={rooms.isLoading} loadingText={t('edu.list.loading')} emptyText={empty} label={t('rooms.title')} testId="rooms-table" />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        <RoomCards rooms={rows} page={page} loading={rooms.isLoading} emptyText={empty} actions={actions} />
      </div>
      <ListPagination page={page} count={rooms.data?.count} onChange={onPage} />
    </div>
  );
}

/** PUT the room as it is with is_archived false (the contract's way back from the archive). */
function useRestoreRoom() {
  const queryClient = useQueryClient();
  return useWrite(
    async (room: Room) => {
      await updateRoom(room.id, { filial: room.filial, name: room.name, room_type: room.room_type, capacity: room.capacity, is_archived: false });
      await queryClient.invalidateQueries({ queryKey: roomKeys.all });
    },
    { success: 'rooms.restored', failureToast: 'rooms.restoreFailed', repeatable: true },
  );
}
