// Creating an employee row with its branches and page permissions, used by the demo seed and the
// create-director command (and later by the employees area).
import type { PagePermission, Role } from '../../../contract/roles';
import type { DbOrTx } from '../../db/client';
import { employeeFilials, employeePages, employees } from '../../db/schema';

export type NewEmployee = {
  fullName: string;
  phone: string;
  passwordHash: string;
  role: Role;
  filialIds: number[];
  pages: PagePermission[];
};

/** Inserts the employee, its branches and its pages; run it inside a transaction. Returns the new id. */
export async function insertEmployee(tx: DbOrTx, input: NewEmployee): Promise<number> {
  const [row] = await tx
    .insert(employees)
    .values({ fullName: input.fullName, phone: input.phone, passwordHash: input.passwordHash, role: input.role })
    .returning({ id: employees.id });
  if (input.filialIds.length) {
    await tx.insert(employeeFilials).values(input.filialIds.map((filialId) => ({ employeeId: row.id, filialId })));
  }
  if (input.pages.length) {
    await tx
      .insert(employeePages)
      .values(input.pages.map((p) => ({ employeeId: row.id, page: p.name, isReadable: p.is_readable })));
  }
  return row.id;
}
