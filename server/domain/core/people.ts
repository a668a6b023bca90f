// The employee a row names (who wrote it, who archived it): selected by the join on employees as actorId and
// actorName, answered as {id, full_name}, or null where the row names nobody (a deleted account, the system).
import { employees } from '../../db/schema';

export const actorColumns = { actorId: employees.id, actorName: employees.fullName };

export const personRef = (id: number | null, name: string | null) => (id == null ? null : { id, full_name: name ?? '' });
