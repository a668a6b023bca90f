// Employee photos: kept in employee_photos (bytea) so every app process serves the same file. `employees.photo`
// holds the photo's address with a random key, `/api/api/employees/{id}/photo?key=…`: an <img> can load it
// without a bearer token, a new upload gets a new key (so the old address can be cached for good), and nobody
// can guess the address of a photo they were not given.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { PHOTO_MAX_BYTES, type EmployeeDetail } from '../../../contract/employees';
import type { Db, DbOrTx } from '../../db/client';
import { employeePhotos, employees } from '../../db/schema';
import { notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import type { Actor } from '../lessons/access';
import { findEmployee, getEmployeeDetail } from './employeeRows';
import { assertEmployeeWriter } from './employeeWrites';

export const PHOTO_PATH = (id: number) => `/api/api/employees/${id}/photo`;

/** The image type from the file's first bytes; the declared type alone is not trusted. */
export function sniffImage(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** The person themself or an employee writer may change a photo. */
function assertPhotoWriter(actor: Actor, id: number) {
  if (actor.user.id !== id) assertEmployeeWriter(actor.user);
}

export async function savePhoto(db: Db, actor: Actor, id: number, file: unknown): Promise<EmployeeDetail> {
  assertPhotoWriter(actor, id);
  if (!(file instanceof Blob) || file.size === 0) throw fieldError('file', 'validation.required');
  if (file.size > PHOTO_MAX_BYTES) throw fieldError('file', 'validation.photoTooLarge');
  const data = Buffer.from(await file.arrayBuffer());
  const mime = sniffImage(data);
  if (!mime) throw fieldError('file', 'validation.photoType');
  return db.transaction(async (tx) => {
    await findEmployee(tx, actor.user, id);
    const file = `${PHOTO_PATH(id)}?key=${randomBytes(12).toString('hex')}`;
    await tx
      .insert(employeePhotos)
      .values({ employeeId: id, mime, data })
      .onConflictDoUpdate({ target: employeePhotos.employeeId, set: { mime, data, updatedAt: sql`now()` } });
    await tx.update(employees).set({ photo: file, updatedAt: sql`now()` }).where(eq(employees.id, id));
    await audit(tx, { actorId: actor.user.id, action: 'employee.photo', entity: 'employee', entityId: id, after: { photo: file, mime, bytes: data.length }, ip: actor.ip });
    return getEmployeeDetail(tx, actor.user, id);
  });
}

export async function deletePhoto(db: Db, actor: Actor, id: number): Promise<EmployeeDetail> {
  assertPhotoWriter(actor, id);
  return db.transaction(async (tx) => {
    const before = await findEmployee(tx, actor.user, id);
    await tx.delete(employeePhotos).where(eq(employeePhotos.employeeId, id));
    await tx.update(employees).set({ photo: null, updatedAt: sql`now()` }).where(eq(employees.id, id));
    await audit(tx, { actorId: actor.user.id, action: 'employee.photo_delete', entity: 'employee', entityId: id, before: { photo: before.photo?.file ?? null }, ip: actor.ip });
    return getEmployeeDetail(tx, actor.user, id);
  });
}

export type StoredPhoto = { mime: string; data: Buffer; updatedAt: Date };

async function loadPhoto(q: DbOrTx, id: number): Promise<(StoredPhoto & { file: string | null }) | null> {
  const [row] = await q
    .select({ mime: employeePhotos.mime, data: employeePhotos.data, updatedAt: employeePhotos.updatedAt, file: employees.photo })
    .from(employeePhotos)
    .innerJoin(employees, eq(employees.id, employeePhotos.employeeId))
    .where(eq(employeePhotos.employeeId, id));
  return row ?? null;
}

/** The public address: only with the key the employee's current photo address carries. */
export async function photoByKey(q: DbOrTx, id: number, key: string): Promise<StoredPhoto> {
  const photo = await loadPhoto(q, id);
  if (!photo?.file || new URL(photo.file, 'http://x').searchParams.get('key') !== key) throw notFound();
  return photo;
}

/** With a token: anyone who may read the employee. */
export async function photoForReader(q: DbOrTx, actor: Actor, id: number): Promise<StoredPhoto> {
  await findEmployee(q, actor.user, id);
  const photo = await loadPhoto(q, id);
  if (!photo) throw notFound();
  return photo;
}

