// How the API shows a joined row: `{ id, name }`, or `{ id, full_name }` for a person. Selected as nested objects,
// drizzle builds them itself (null when a left join found no row), so the queries map no id/name pairs by hand.
import type { AnyColumn } from 'drizzle-orm';

export const namedColumns = <I extends AnyColumn, N extends AnyColumn>(t: { id: I; name: N }) => ({ id: t.id, name: t.name });

export const personColumns = <I extends AnyColumn, N extends AnyColumn>(t: { id: I; fullName: N }) => ({ id: t.id, full_name: t.fullName });
