// Messages to parents (issue 17), at /api/messages: the outbox list (GET /), the month's count and parts per branch
// (GET /stats/), a failed message sent again (POST /{id}/resend/), the branch's settings (GET/PATCH /settings/), the
// debt message from the debtors page (POST /debt/), a parent's opt-out from the student card (GET/PATCH
// /students/{id}/), and — public, before the token gate — the gateway's delivery report (POST /eskiz/callback/).
// Never teachers and assistants (parents' phones and money); rows always within the user's branches.
import { Hono, type MiddlewareHandler } from 'hono';
import { idParam } from '../../contract/common';
import {
  callbackAnswer,
  debtMessageBody,
  debtMessageResult,
  eskizCallbackBody,
  messageSettings,
  messageSettingsBody,
  messageSettingsQuery,
  messageStats as messageStatsAnswer,
  messageStatsQuery,
  messagesQuery,
  parentMessage,
  parentMessagesPage,
  parentOptOut,
  parentOptOutBody,
} from '../../contract/parentMessagesApi';
import { sendDebtMessages } from '../domain/messages/debt';
import { paymentLinkOf } from '../domain/payments/links';
import { recordDelivery } from '../domain/messages/delivery';
import { listMessages, messageStats, resendMessage } from '../domain/messages/list';
import { getOptOut, setOptOut } from '../domain/messages/optOut';
import { getMessageSettings, setMessageSettings } from '../domain/messages/settings';
import { invalid } from '../domain/core/errors';
import { actorOf, nowOf } from '../http/actor';
import { answers } from '../http/answers';
import type { AppDeps, AppEnv } from '../http/context';
import { idempotent } from '../http/idempotency';
import { requirePageExcept } from '../http/requirePage';
import { validate } from '../http/validate';
import { smsProviderFrom } from '../messaging/providers';
import { DEBTOR_PAGES } from './financeDebtors';
import { STUDENT_PAGES } from './groupMembers';

const NO_STAFF_OF_LESSONS = ['TEACHER', 'ASSISTANT'] as const;

export function messageRoutes(deps: AppDeps) {
  const control = requirePageExcept([...NO_STAFF_OF_LESSONS], 'control');
  const read = requirePageExcept([...NO_STAFF_OF_LESSONS], 'control', ...STUDENT_PAGES, ...DEBTOR_PAGES);
  const card = requirePageExcept([...NO_STAFF_OF_LESSONS], ...STUDENT_PAGES);
  const debtors = requirePageExcept([...NO_STAFF_OF_LESSONS], ...DEBTOR_PAGES);
  const once = idempotent(deps);
  const provider = smsProviderFrom(deps.config)?.name ?? null;
  return new Hono<AppEnv>({ strict: false })
    .get('/stats', read, validate('query', messageStatsQuery), answers(messageStatsAnswer), async (c) =>
      c.json(await messageStats(deps.db, c.get('user'), c.req.valid('query'), provider, nowOf(c))),
    )
    .get('/settings', control, validate('query', messageSettingsQuery), answers(messageSettings), async (c) =>
      c.json(await getMessageSettings(deps.db, c.get('user'), c.req.valid('query').filial)),
    )
    .patch('/settings', control, once, validate('json', messageSettingsBody), answers(messageSettings), async (c) =>
      c.json(await setMessageSettings(deps.db, actorOf(c), c.req.valid('json'))),
    )
    .post('/debt', debtors, once, validate('json', debtMessageBody), answers(debtMessageResult), async (c) =>
      c.json(await sendDebtMessages(deps.db, actorOf(c), c.req.valid('json').students, paymentLinkOf(deps.config))),
    )
    .get('/students/:id', card, validate('param', idParam), answers(parentOptOut), async (c) =>
      c.json(await getOptOut(deps.db, c.get('user'), c.req.valid('param').id)),
    )
    .patch('/students/:id', card, once, validate('param', idParam), validate('json', parentOptOutBody), answers(parentOptOut), async (c) =>
      c.json(await setOptOut(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json').opt_out)),
    )
    .post('/:id/resend', control, once, validate('param', idParam), answers(parentMessage), async (c) =>
      c.json(await resendMessage(deps.db, actorOf(c), c.req.valid('param').id)),
    )
    .get('/', read, validate('query', messagesQuery), answers(parentMessagesPage), async (c) =>
      c.json(await listMessages(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    );
}

/** Eskiz may post its report form-encoded: read as the JSON body the validator expects. */
const formAsJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (/application\/x-www-form-urlencoded|multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    // A body that is not the form its header says (a multipart without its boundary) is the sender's mistake: 400.
    const data = await c.req.raw.formData().catch(() => {
      throw invalid('Malformed form body');
    });
    const form = Object.fromEntries([...data.entries()].map(([k, v]) => [k, String(v)]));
    c.req.raw = new Request(c.req.raw.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) });
  }
  await next();
};

/** The public part: the gateway's delivery report (the callback_url the sender passes). */
export function publicMessageRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false }).post('/eskiz/callback', formAsJson, validate('json', eskizCallbackBody), answers(callbackAnswer), async (c) => {
    const body = c.req.valid('json');
    const id = body.request_id ?? body.message_id ?? body.id;
    if (id === undefined) return c.json({ ok: false });
    const ok = await recordDelivery(deps.db, { providerMessageId: String(id), status: body.status, detail: body.error }, nowOf(c));
    return c.json({ ok });
  });
}
