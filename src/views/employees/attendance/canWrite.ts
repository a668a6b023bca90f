import type { Role } from '../../../../contract/roles';

/** The roles the server lets record and correct arrivals (server/domain/timetracker TIME_WRITER_ROLES). */
export const TIME_WRITER_ROLES: readonly Role[] = ['ATTENDANCE_MANAGER', 'DIRECTOR', 'FILIAL_Manager'];
export const canWriteTime = (role: Role) => TIME_WRITER_ROLES.includes(role);
