// Comments (spec section 7): GET /comments/all/{id}/ (a student's, or a lead's with target=lead), POST
// /comments/, GET and POST /comments/stuff/ (an employee's). Student comments need a student page, lead
// comments a lead page, staff comments the employees page.
import { Hono, type Context } from 'hono';
import { commentCreate, commentsQuery, staffCommentCreate, staffCommentsQuery, commentItem, commentPage } from '../../contract/comments';
import { idParam } from '../../contract/common';
import type { PageKey } from '../../contract/roles';
import { addComment, addStaffComment, listComments, listStaffComments } from '../domain/comments/comments';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { forbidden } from '../domain/core/errors';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { STUDENT_PAGES } from './groupMembers';
import { answers } from '../http/answers';

const LEAD_PAGES: PageKey[] = ['new_leads', 'orders', 'archived_leads'];

/** The target decides the page: checked after the body or query names it. */
function assertTargetPage(c: Context<AppEnv>, target: 'student' | 'lead'): void {
  const pages = c.get('user').pages;
  if (!(target === 'student' ? STUDENT_PAGES : LEAD_PAGES).some((key) => pages.has(key))) throw forbidden();
}

export function commentRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/all/:id', validate('param', idParam), validate('query', commentsQuery), answers(commentPage), async (c) => {
      const query = c.req.valid('query');
      assertTargetPage(c, query.target);
      return c.json(await listComments(deps.db, c.get('user'), c.req.valid('param').id, query, c.req.url));
    })
    .get('/stuff', requirePage('employees'), validate('query', staffCommentsQuery), answers(commentPage), async (c) =>
      c.json(await listStaffComments(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    )
    .post('/stuff', requirePage('employees'), validate('json', staffCommentCreate), answers(commentItem, { status: 201 }), async (c) =>
      c.json(await addStaffComment(deps.db, actorOf(c), c.req.valid('json'), deps.config.localesDir), 201),
    )
    .post('/', validate('json', commentCreate), answers(commentItem, { status: 201 }), async (c) => {
      const body = c.req.valid('json');
      assertTargetPage(c, body.student !== undefined ? 'student' : 'lead');
      return c.json(await addComment(deps.db, actorOf(c), body, deps.config.localesDir), 201);
    });
}
