// Spec section 7, "Rooms": a branch's classrooms, labs, halls and online rooms. DELETE archives a room.
import { z } from 'zod';
import { MAX_ID, emptyAsAbsent, msg, pageQuery, queryBool, queryId, required } from './common';

export const ROOM_TYPES = ['classroom', 'lab', 'hall', 'online'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const ROOM_CAPACITY_MAX = 1000;

export const roomType = z.enum(ROOM_TYPES);

export const room = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  name: z.string(),
  room_type: roomType,
  capacity: z.number().int(),
  is_archived: z.boolean(),
});
export type Room = z.infer<typeof room>;

/** POST /groups/room and PUT /groups/room/{id}/. */
export const roomBody = z.object({
  filial: z.number(required).int().positive(msg.positiveInt).max(MAX_ID, msg.positiveInt),
  name: z.string(required).trim().min(1, msg.required).max(100),
  room_type: roomType.default('classroom'),
  // "Required" only when it is missing (the form's empty number field is NaN); 0 or 1001 say the bound.
  capacity: z
    .number({ error: (issue) => (issue.input == null || Number.isNaN(issue.input) ? msg.required : msg.positiveInt) })
    .int(msg.positiveInt)
    .min(1, 'validation.min')
    .max(ROOM_CAPACITY_MAX, 'validation.max'),
  /** PUT only: false brings an archived room back. */
  is_archived: z.boolean().optional(),
});
export type RoomBody = z.input<typeof roomBody>;


/** GET /groups/room: active rooms unless is_archived=true. */
export const roomsQuery = pageQuery.extend({
  filial: queryId,
  room_type: z.preprocess(emptyAsAbsent, roomType.optional()),
  is_archived: queryBool.optional(),
});

/** GET /groups/room/no-pg/: active rooms for pickers. */
export const roomsNoPgQuery = z.object({
  filial: queryId,
  room_type: z.preprocess(emptyAsAbsent, roomType.optional()),
});
