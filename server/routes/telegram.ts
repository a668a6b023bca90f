// Parents on Telegram (issue 17). Ours: GET /students/{id}/telegram/ (is a bot configured, the linked chats),
// POST /students/{id}/telegram/link/ (a one-time link), DELETE /students/{id}/telegram/{chat}/ (unlink); and the
// Bot API's webhook POST /api/telegram/webhook/, public but for Telegram only: the secret token header must match
// TELEGRAM_WEBHOOK_SECRET (without it the bot polls, and the webhook answers 404).
import { timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { idParam, MAX_ID, msg } from '../../contract/common';
import type { Role } from '../../contract/roles';
import { studentTelegram, telegramLinkAnswer, telegramUpdate } from '../../contract/telegram';
import { forbidden, notFound, unauthorized } from '../domain/core/errors';
import { handleUpdate } from '../domain/messages/telegram/bot';
import { createTelegramLink, studentTelegramOf, unlinkTelegramChat } from '../domain/messages/telegram/links';
import { actorOf, nowOf } from '../http/actor';
import { answers, answersNothing } from '../http/answers';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { describeErrorBriefly } from '../log/redact';
import { STUDENT_PAGES } from './groupMembers';
import { sendReply } from '../messaging/telegram';

/** Linking parents is the office's work, as other writes of the student card. */
const NOT_OFFICE: Role[] = ['TEACHER', 'ASSISTANT', 'CALL_OPERATOR'];
const office: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (NOT_OFFICE.includes(c.get('user').role)) throw forbidden();
  await next();
};

const chatParam = idParam.extend({ chat: z.coerce.number().int().positive(msg.positiveInt).max(MAX_ID, msg.positiveInt) });

export function studentTelegramRoutes(deps: AppDeps) {
  const read = requirePage(...STUDENT_PAGES);
  return new Hono<AppEnv>({ strict: false })
    .get('/:id/telegram', read, validate('param', idParam), answers(studentTelegram), async (c) =>
      c.json(await studentTelegramOf(deps.db, c.get('user'), c.req.valid('param').id, deps.telegram !== null)),
    )
    .post('/:id/telegram/link', read, office, validate('param', idParam), answers(telegramLinkAnswer, { status: 201 }), async (c) => {
      return c.json(await createTelegramLink(deps.db, actorOf(c), c.req.valid('param').id, deps.telegram?.username ?? null), 201);
    })
    .delete('/:id/telegram/:chat', read, office, validate('param', chatParam), answersNothing(), async (c) => {
      const { id, chat } = c.req.valid('param');
      await unlinkTelegramChat(deps.db, actorOf(c), id, chat);
      return c.body(null, 204);
    });
}

function sameSecret(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function telegramWebhookRoutes(deps: AppDeps) {
  const fromTelegram: MiddlewareHandler<AppEnv> = async (c, next) => {
    const secret = deps.telegram?.webhookSecret;
    if (!deps.telegram || !secret) throw notFound();
    if (!sameSecret(c.req.header('x-telegram-bot-api-secret-token'), secret)) throw unauthorized('Wrong secret token');
    await next();
  };
  return new Hono<AppEnv>({ strict: false }).post('/webhook', fromTelegram, validate('json', telegramUpdate), answersNothing(), async (c) => {
    const telegram = deps.telegram!;
    const replies = await handleUpdate(deps.db, c.req.valid('json'), telegram.texts, nowOf(c));
    for (const reply of replies) {
      // A reply that fails (the parent blocked the bot) is not Telegram's to retry: the update was handled.
      await sendReply(telegram.bot, reply).catch((err: unknown) => console.error('Telegram reply failed:', describeErrorBriefly(err)));
    }
    return c.body(null, 204);
  });
}
