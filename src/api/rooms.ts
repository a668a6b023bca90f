// Rooms of spec section 7 ("Rooms"), parsed with the contract: the paged list of a branch, the plain list for
// pickers, and the writes (DELETE archives; 409 while the room still holds active groups).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { paged } from '../../contract/common';
import { room, type Room, type RoomBody, type RoomType } from '../../contract/rooms';
import { api } from './http';

export const roomPage = paged(room);

export type RoomsFilter = { filial: number | null; page: number; archived: boolean };

export const roomKeys = {
  all: ['rooms'] as const,
  page: (f: RoomsFilter) => ['rooms', 'page', f] as const,
  list: (filial: number | null, roomType?: RoomType) => ['rooms', 'list', { filial, roomType }] as const,
};

export function roomsPageOptions(f: RoomsFilter) {
  return queryOptions({
    queryKey: roomKeys.page(f),
    queryFn: () =>
      api.get('/groups/room/', { params: { filial: f.filial, page: f.page, is_archived: f.archived ? true : undefined }, schema: roomPage }),
    enabled: f.filial !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /groups/room?page&filial: one page of a branch's rooms. */
export function useRoomsPage(f: RoomsFilter) {
  return useQuery(roomsPageOptions(f));
}

/** GET /groups/room/no-pg/?filial&room_type: every active room of a branch (pickers). */
export function useRoomList(filial: number | null, roomType?: RoomType) {
  return useQuery({
    queryKey: roomKeys.list(filial, roomType),
    queryFn: () => api.get('/groups/room/no-pg/', { params: { filial, room_type: roomType }, schema: z.array(room) }),
    enabled: filial !== null,
  });
}

export function createRoom(body: RoomBody): Promise<Room> {
  return api.post('/groups/room/', body, { schema: room });
}

export function updateRoom(id: number, body: RoomBody): Promise<Room> {
  return api.put(`/groups/room/${id}/`, body, { schema: room });
}

/** DELETE archives the room; the server answers 409 while active groups still meet in it. */
export function archiveRoom(id: number): Promise<unknown> {
  return api.delete(`/groups/room/${id}/`);
}
