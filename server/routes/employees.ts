// Spec section 7, "Auth and employees" (issue 6), mounted at /api/employees below the API base (so the server path
// is /api/api/employees/...): the list and card, what archiving would orphan, create, full update (archive with
// a reason; PUT on the collection names the employee in the body) and partial update, photos, and the director's
// default pages per role. Reading needs any employees page; writing is for directors and branch managers
// (server/domain/staff/employeeWrites.ts, employeeAccess.ts).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { idParam, paged } from '../../contract/common';
import {
  EMPLOYEE_READ_PAGES,
  PHOTO_MAX_BYTES,
  employeeCollectionUpdateBody,
  employeeCreateBody,
  employeePatchBody,
  employeeUpdateBody,
  employeesQuery,
  rolePagesUpdate,
} from '../../contract/employees';
import { getEmployeeDetail } from '../domain/staff/employeeRows';
import { listEmployees } from '../domain/staff/employeeList';
import { createEmployee, patchEmployee, updateEmployee } from '../domain/staff/employeeWrites';
import { deletePhoto, photoByKey, photoForReader, savePhoto, type StoredPhoto } from '../domain/staff/photos';
import { relatedObjects } from '../domain/staff/relatedObjects';
import { listRolePages, saveRolePages } from '../domain/staff/rolePages';
import { actorOf } from '../http/actor';
import { answersFile, answers } from '../http/answers';
import { declarePublic } from '../http/declare';
import type { AppDeps, AppEnv } from '../http/context';
import { fieldKeys } from '../domain/core/errors';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { employeeDetail, employeeListItem, rolePagesList, relatedObjects as relatedObjectsAnswer } from '../../contract/employees';

const readPage = requirePage(...EMPLOYEE_READ_PAGES);

function photoResponse(photo: StoredPhoto, cacheControl: string) {
  return new Response(new Uint8Array(photo.data), {
    headers: {
      'content-type': photo.mime,
      'content-length': String(photo.data.length),
      'cache-control': cacheControl,
      'last-modified': new Date(photo.updatedAt).toUTCString(),
      'x-content-type-options': 'nosniff',
    },
  });
}

/**
 * GET {id}/photo?key=…: the address `photo.file` carries, served without a token (so an <img> loads it) and cached
 * for a year: a new upload gets a new key. Without a key the request goes on to the signed-in route below.
 */
export function publicEmployeePhotoRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false }).get('/:id/photo', declarePublic(answersFile('image')), async (c, next) => {
    const key = c.req.query('key');
    const id = Number(c.req.param('id'));
    if (!key) return next();
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647 || !/^[0-9a-f]{1,64}$/.test(key)) return c.json({ detail: 'Not found' }, 404);
    return photoResponse(await photoByKey(deps.db, id, key), 'public, max-age=31536000, immutable');
  });
}

const tooLarge = () => {
  throw fieldKeys({ file: ['validation.photoTooLarge'] });
};

export function employeeRoutes(deps: AppDeps) {
  const writeDeps = { db: deps.db, scryptN: deps.config.scryptN };
  return new Hono<AppEnv>({ strict: false })
    .get('/roles/pages', requirePage('employees', 'control'), answers(rolePagesList), async (c) => c.json(await listRolePages(deps.db)))
    .put('/roles/pages', requirePage('control'), validate('json', rolePagesUpdate), answers(rolePagesList), async (c) =>
      c.json(await saveRolePages(deps.db, actorOf(c), c.req.valid('json'))),
    )
    .get('/', readPage, validate('query', employeesQuery), answers(paged(employeeListItem)), async (c) =>
      c.json(await listEmployees(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    )
    .post('/', readPage, validate('json', employeeCreateBody), answers(employeeDetail, { status: 201 }), async (c) =>
      c.json(await createEmployee(writeDeps, actorOf(c), c.req.valid('json')), 201),
    )
    // The collection path of spec section 7 names the employee in the body; everything else is the id path's.
    .put('/', readPage, validate('json', employeeCollectionUpdateBody), answers(employeeDetail), async (c) => {
      const { id, ...body } = c.req.valid('json');
      return c.json(await updateEmployee(writeDeps, { ...actorOf(c), sessionId: c.get('sessionId') }, id, body));
    })
    .get('/:id/related_objects', readPage, validate('param', idParam), answers(relatedObjectsAnswer), async (c) =>
      c.json(await relatedObjects(deps.db, c.get('user'), c.req.valid('param').id)),
    )
    .get('/:id/photo', validate('param', idParam), answersFile('image'), async (c) => {
      // Anyone signed in may see their own photo; others need an employees page.
      const id = c.req.valid('param').id;
      if (id !== c.get('user').id) await readPage(c, async () => {});
      return photoResponse(await photoForReader(deps.db, actorOf(c), id), 'private, max-age=300');
    })
    .post('/:id/photo', bodyLimit({ maxSize: PHOTO_MAX_BYTES + 64 * 1024, onError: tooLarge }), validate('param', idParam), answers(employeeDetail), async (c) => {
      const type = c.req.header('content-type') ?? '';
      const form = /multipart\/form-data/i.test(type) ? await c.req.parseBody().catch(() => ({}) as Record<string, unknown>) : {};
      return c.json(await savePhoto(deps.db, actorOf(c), c.req.valid('param').id, (form as Record<string, unknown>).file));
    })
    .delete('/:id/photo', validate('param', idParam), answers(employeeDetail), async (c) => c.json(await deletePhoto(deps.db, actorOf(c), c.req.valid('param').id)))
    .get('/:id', readPage, validate('param', idParam), answers(employeeDetail), async (c) => c.json(await getEmployeeDetail(deps.db, c.get('user'), c.req.valid('param').id)))
    .put('/:id', readPage, validate('param', idParam), validate('json', employeeUpdateBody), answers(employeeDetail), async (c) =>
      c.json(await updateEmployee(writeDeps, { ...actorOf(c), sessionId: c.get('sessionId') }, c.req.valid('param').id, c.req.valid('json'))),
    )
    .patch('/:id', readPage, validate('param', idParam), validate('json', employeePatchBody), answers(employeeDetail), async (c) =>
      c.json(await patchEmployee(writeDeps, { ...actorOf(c), sessionId: c.get('sessionId') }, c.req.valid('param').id, c.req.valid('json'))),
    );
}
