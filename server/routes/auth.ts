// Spec section 7, "Auth and employees": sign-in, refresh, current user, password change, role list.
import { Hono } from 'hono';
import { me, passwordUpdate, refreshRequest, roleListItem, rolesQuery, tokenPair, tokenRequest } from '../../contract/auth';
import { idOnly, idParam } from '../../contract/common';
import { employeeDetail, employeeUpdateBody, teacherTimetable as timetableAnswer, teacherTimetableQuery } from '../../contract/employees';
import { z } from 'zod';
import { signIn } from '../auth/signIn';
import { refreshTokens } from '../auth/refresh';
import { signOut } from '../auth/signOut';
import { changePassword, getMe, listRoles } from '../domain/staff/account';
import { updateEmployee } from '../domain/staff/employeeWrites';
import { teacherTimetable } from '../domain/staff/timetable';
import { actorOf } from '../http/actor';
import { answers, answersNothing } from '../http/answers';
import { requirePage } from '../http/requirePage';
import { clientAddress } from '../http/clientAddress';
import type { AppDeps, AppEnv } from '../http/context';
import { validate } from '../http/validate';

/** The two routes reachable without an access token; mounted before requireAuth. */
export function publicAuthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .post('/token', validate('json', tokenRequest), answers(tokenPair), async (c) => {
      const { phone, password } = c.req.valid('json');
      const pair = await signIn(deps, {
        phone,
        password,
        ip: clientAddress(c),
        userAgent: c.req.header('user-agent') ?? null,
      });
      return c.json(pair);
    })
    .post('/refresh', validate('json', refreshRequest), answers(tokenPair), async (c) => {
      return c.json(await refreshTokens(deps, c.req.valid('json').refresh_token, clientAddress(c)));
    });
}

export function authRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/me', answers(me), async (c) => c.json(await getMe(deps.db, c.get('user').id)))
    .patch('/update/:id', validate('param', idParam), validate('json', passwordUpdate), answers(idOnly), async (c) => {
      const actor = { user: c.get('user'), sessionId: c.get('sessionId'), ip: clientAddress(c) };
      const result = await changePassword(deps, actor, c.req.valid('param').id, c.req.valid('json').password);
      return c.json(result);
    })
    // The full employee update of the employees area (the same body and rules as PUT /api/employees/{id}).
    .put('/update/:id', validate('param', idParam), validate('json', employeeUpdateBody), answers(employeeDetail), async (c) => {
      const actor = { ...actorOf(c), sessionId: c.get('sessionId') };
      return c.json(await updateEmployee({ db: deps.db, scryptN: deps.config.scryptN }, actor, c.req.valid('param').id, c.req.valid('json')));
    })
    .get('/tt', requirePage('groups', 'schedule', 'employees', 'employees_att', 'monitoring_page'), validate('query', teacherTimetableQuery), answers(timetableAnswer), async (c) =>
      c.json(await teacherTimetable(deps.db, c.get('user'), c.req.valid('query').filial)),
    )
    .post('/logout', answersNothing(), async (c) => {
      await signOut(deps.db, { userId: c.get('user').id, sessionId: c.get('sessionId'), ip: clientAddress(c) });
      return c.body(null, 204);
    })
    .get('/roles', validate('query', rolesQuery), answers(z.array(roleListItem)), async (c) => {
      return c.json(await listRoles(deps.db, c.get('user'), c.req.valid('query')));
    });
}
