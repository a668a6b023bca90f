// GET /comments/mentionable/?filial=: the people a comment may mention (the comment composers' MentionPicker).
// Open to readers of a student, lead or employees page, the pages whose comments can mention; scoped by branch
// (another branch: 404).
import { Hono } from 'hono';
import { mentionableQuery, mentionableList } from '../../contract/mentions';
import type { PageKey } from '../../contract/roles';
import { listMentionable } from '../domain/comments/mentions';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { STUDENT_PAGES } from './groupMembers';
import { answers } from '../http/answers';

const COMMENT_PAGES: PageKey[] = [...STUDENT_PAGES, 'new_leads', 'orders', 'archived_leads', 'employees'];

export function mentionRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false }).get('/mentionable', requirePage(...COMMENT_PAGES), validate('query', mentionableQuery), answers(mentionableList), async (c) =>
    c.json(await listMentionable(deps.db, c.get('user'), c.req.valid('query'))),
  );
}
