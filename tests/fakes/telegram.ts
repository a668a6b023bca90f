// A local Telegram Bot API for the tests: a real HTTP server on a loopback port answering POST /bot<token>/<method>
// as Telegram does ({ok, result} or {ok: false, error_code, description}): getMe, sendMessage, getUpdates (long
// polling: waits up to `timeout` seconds for updates after `offset`, which confirms the earlier ones; a second
// poll at once is refused with 409 as Telegram refuses it). A parent is simulated by `parentSays`, which queues an
// update for the pollers, or posts it to a webhook as Telegram would (with the secret token header); the browser
// tests reach it over HTTP (POST /__test/say, GET /__test/sent), started by scripts/e2e-server.mjs.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeTelegramMessage = {
  chat_id: number;
  text: string;
  disable_notification?: boolean;
  reply_markup?: { keyboard?: { text: string; request_contact?: boolean }[][]; remove_keyboard?: true };
  /** A file sent with sendDocument (multipart), and its caption in `text`. */
  document?: { name: string; type: string; bytes: Buffer };
};

type Update = { update_id: number; message: Record<string, unknown> };

export type FakeTelegram = {
  /** TELEGRAM_API_BASE_URL. */
  baseUrl: string;
  token: string;
  username: string;
  /** Every message the bot sent, in order. */
  sent: FakeTelegramMessage[];
  /** Chats that blocked the bot: sending to them answers 403. */
  blocked: Set<number>;
  /** A private message from a parent: queued for getUpdates, and posted to the webhook when one is set. */
  parentSays(chatId: number, text: string, from?: { first_name?: string; language_code?: string }): Promise<Update>;
  /** The parent presses a `request_contact` button: a message with their own contact and no text. */
  parentSharesContact(chatId: number, phoneNumber: string, from?: { first_name?: string; language_code?: string }): Promise<Update>;
  /** Where updates are posted (setWebhook in real life), with the secret token header. */
  webhook: { url: string; secret: string } | null;
  /** Waits until the bot has sent `count` messages in all (or fails after `ms`). */
  waitForSent(count: number, ms?: number): Promise<FakeTelegramMessage[]>;
  pollCount: number;
  close(): Promise<void>;
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  return raw ? JSON.parse(raw) : {};
}

export async function startFakeTelegram(token = '123456:TEST-token', username = 'markaz_test_bot', port = 0): Promise<FakeTelegram> {
  const queue: Update[] = [];
  let nextUpdateId = 1000;
  let nextMessageId = 1;
  let polling = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };

  const fake = {
    token,
    username,
    sent: [] as FakeTelegramMessage[],
    blocked: new Set<number>(),
    webhook: null as FakeTelegram['webhook'],
    pollCount: 0,
    parentSays(chatId: number, text: string, from: { first_name?: string; language_code?: string } = {}) {
      return deliver(chatId, { text }, from);
    },
    parentSharesContact(chatId: number, phoneNumber: string, from: { first_name?: string; language_code?: string } = {}) {
      return deliver(chatId, { contact: { phone_number: phoneNumber, first_name: from.first_name ?? 'Ota', user_id: chatId } }, from);
    },
    async waitForSent(count: number, ms = 10_000) {
      const until = Date.now() + ms;
      while (fake.sent.length < count) {
        if (Date.now() > until) throw new Error(`the bot sent ${fake.sent.length} messages, not ${count}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return fake.sent;
    },
  };

  async function deliver(chatId: number, content: Record<string, unknown>, from: { first_name?: string; language_code?: string }) {
    const update: Update = {
      update_id: nextUpdateId++,
      message: { message_id: nextMessageId++, from: { id: chatId, is_bot: false, first_name: from.first_name ?? 'Ota', language_code: from.language_code ?? 'uz' }, chat: { id: chatId, type: 'private' }, date: Math.floor(Date.now() / 1000), ...content },
    };
    if (fake.webhook) {
      await fetch(fake.webhook.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': fake.webhook.secret }, body: JSON.stringify(update) });
    } else {
      queue.push(update);
      wake();
    }
    return update;
  }

  const server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const refuse = (code: number, description: string) => answer(code, { ok: false, error_code: code, description });
    // The browser tests play the parent through these two (not part of Telegram's API).
    if (req.method === 'POST' && req.url === '/__test/say') {
      const body = await readJson(req);
      return answer(200, await fake.parentSays(Number(body.chat_id), String(body.text), { first_name: body.first_name as string | undefined }));
    }
    if (req.method === 'GET' && req.url === '/__test/sent') return answer(200, fake.sent);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return refuse(404, 'Not Found');
    if (match[1] !== token) return refuse(401, 'Unauthorized');
    if (match[2] === 'sendDocument') {
      // Multipart, as the Bot API takes uploads: read it back with the platform's form parser.
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
      const file = form.get('document');
      const chatId = Number(form.get('chat_id'));
      if (!(file instanceof File) || !Number.isInteger(chatId)) return refuse(400, 'Bad Request: there is no document in the request');
      if (fake.blocked.has(chatId)) return refuse(403, 'Forbidden: bot was blocked by the user');
      fake.sent.push({ chat_id: chatId, text: String(form.get('caption') ?? ''), document: { name: file.name, type: file.type, bytes: Buffer.from(await file.arrayBuffer()) } });
      return answer(200, { ok: true, result: { message_id: nextMessageId++, chat: { id: chatId, type: 'private' } } });
    }
    const body = await readJson(req);
    switch (match[2]) {
      case 'getMe':
        return answer(200, { ok: true, result: { id: 123456, is_bot: true, first_name: 'Markaz', username } });
      case 'sendMessage': {
        const chatId = Number(body.chat_id);
        if (!Number.isInteger(chatId) || typeof body.text !== 'string' || !body.text) return refuse(400, 'Bad Request: message text is empty');
        if (body.text.length > 4096) return refuse(400, 'Bad Request: message is too long');
        if (fake.blocked.has(chatId)) return refuse(403, 'Forbidden: bot was blocked by the user');
        fake.sent.push(body as unknown as FakeTelegramMessage);
        return answer(200, { ok: true, result: { message_id: nextMessageId++, chat: { id: chatId, type: 'private' }, text: body.text } });
      }
      case 'getUpdates': {
        if (fake.webhook) return refuse(409, "Conflict: can't use getUpdates method while webhook is active");
        if (polling) return refuse(409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');
        polling = true;
        fake.pollCount += 1;
        const offset = Number(body.offset ?? 0);
        // The offset confirms every update before it: they are never sent again.
        while (queue.length && queue[0].update_id < offset) queue.shift();
        const timeout = Math.min(Number(body.timeout ?? 0), 50) * 1000;
        if (!queue.length && timeout > 0) {
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              waiters.delete(done);
              resolve();
            };
            const timer = setTimeout(done, timeout);
            waiters.add(done);
            res.on('close', done);
          });
        }
        polling = false;
        return answer(200, { ok: true, result: queue.filter((u) => u.update_id >= offset) });
      }
      default:
        return refuse(404, 'Not Found: method not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
