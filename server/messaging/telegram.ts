// The Telegram Bot API (https://core.telegram.org/bots/api): POST {base}/bot{token}/{method} with a JSON body,
// answered {ok: true, result} or {ok: false, error_code, description, parameters?: {retry_after}}. The base URL is
// configurable (TELEGRAM_API_BASE_URL) so the tests talk to a local fake of the same protocol.
import { z } from 'zod';
import { telegramUpdate, type TelegramUpdate } from '../../contract/telegram';
import type { ChatProvider, SendResult } from '../domain/messages/provider';

export type TelegramOptions = {
  baseUrl: string;
  token: string;
  /** A request that takes longer fails; a long poll adds its own wait to this. */
  timeoutMs?: number;
};

/** A reply keyboard (a button may ask for the user's own phone: `request_contact`), or the keyboard taken away. */
export type ReplyKeyboard =
  | { keyboard: { text: string; request_contact?: boolean }[][]; resize_keyboard: true; is_persistent?: boolean; one_time_keyboard?: boolean }
  | { remove_keyboard: true };

export type SendMessage = {
  chat_id: number;
  text: string;
  /** Delivered without a sound (our quiet hours). */
  disable_notification?: boolean;
  reply_markup?: ReplyKeyboard;
};

export type SendDocument = { chat_id: number; filename: string; mime: string; bytes: Uint8Array; caption?: string };

/** A refusal by the Bot API; `permanent` when repeating it cannot help (the parent blocked the bot, a bad chat). */
export class TelegramError extends Error {
  constructor(
    readonly code: number,
    description: string,
    readonly retryAfter?: number,
  ) {
    super(`Telegram ${code}: ${description}`);
  }
  get permanent(): boolean {
    return this.code === 400 || this.code === 403;
  }
}

const answer = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error_code: z.number().optional(),
  description: z.string().optional(),
  parameters: z.object({ retry_after: z.number().optional() }).optional(),
});

export type TelegramBot = ReturnType<typeof telegramBot>;

export function telegramBot(options: TelegramOptions) {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/bot${options.token}`;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function call<T>(method: string, body: unknown, schema: z.ZodType<T>, extraWaitMs = 0, signal?: AbortSignal): Promise<T> {
    const timeout = AbortSignal.timeout(timeoutMs + extraWaitMs);
    // A file goes as multipart/form-data (the Bot API's way to upload); everything else as JSON.
    const multipart = body instanceof FormData;
    const res = await fetch(`${base}/${method}`, {
      method: 'POST',
      headers: multipart ? {} : { 'content-type': 'application/json' },
      body: multipart ? body : JSON.stringify(body),
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
    const parsed = answer.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new TelegramError(res.status, 'unreadable answer');
    if (!parsed.data.ok) throw new TelegramError(parsed.data.error_code ?? res.status, parsed.data.description ?? 'refused', parsed.data.parameters?.retry_after);
    return schema.parse(parsed.data.result);
  }

  return {
    /** The bot's own user: its username makes the parents' links (t.me/<username>?start=…). */
    getMe: () => call('getMe', {}, z.object({ id: z.number(), username: z.string() })),
    sendMessage: (message: SendMessage) => call('sendMessage', message, z.object({ message_id: z.number() })),
    /** A file (a receipt's PDF) uploaded to the chat, with a caption. */
    sendDocument(document: SendDocument) {
      const form = new FormData();
      form.set('chat_id', String(document.chat_id));
      if (document.caption) form.set('caption', document.caption);
      form.set('document', new Blob([new Uint8Array(document.bytes)], { type: document.mime }), document.filename);
      return call('sendDocument', form, z.object({ message_id: z.number() }));
    },
    /**
     * Long polling: waits up to `timeoutSeconds` for updates after `offset` (which also confirms the earlier ones).
     * An update that does not parse is dropped here (its id still moves the offset on).
     */
    async getUpdates(offset: number, timeoutSeconds: number, signal?: AbortSignal): Promise<{ lastId: number | null; updates: TelegramUpdate[] }> {
      const raw = await call('getUpdates', { offset, timeout: timeoutSeconds, allowed_updates: ['message'] }, z.array(z.object({ update_id: z.number() }).passthrough()), timeoutSeconds * 1000, signal);
      const updates = raw.flatMap((u) => {
        const parsed = telegramUpdate.safeParse(u);
        return parsed.success ? [parsed.data] : [];
      });
      return { lastId: raw.length ? Math.max(...raw.map((u) => u.update_id)) : null, updates };
    },
  };
}

/**
 * The bot as the outbox's chat gateway: the text to each linked chat in turn. Sent to any chat is sent; refused
 * by all of them (every parent blocked the bot) is permanent; otherwise the sender tries again later.
 */
export function telegramChatProvider(bot: Pick<TelegramBot, 'sendMessage'>): ChatProvider {
  return {
    name: 'telegram',
    async send(chatIds, text, { silent }): Promise<SendResult> {
      const sent: string[] = [];
      const errors: TelegramError[] = [];
      for (const chatId of chatIds) {
        try {
          const message = await bot.sendMessage({ chat_id: chatId, text, disable_notification: silent });
          sent.push(`${chatId}:${message.message_id}`);
        } catch (err) {
          errors.push(err instanceof TelegramError ? err : new TelegramError(0, err instanceof Error ? err.message : String(err)));
        }
      }
      if (sent.length) return { ok: true, providerMessageId: sent.join(',') };
      return { ok: false, reason: errors.map((e) => e.message).join('; '), permanent: errors.every((e) => e.permanent) };
    },
  };
}

/** A reply of the bot's conversation: a text, or a file with its caption. */
export function sendReply(bot: Pick<TelegramBot, 'sendMessage' | 'sendDocument'>, reply: SendMessage | SendDocument): Promise<{ message_id: number }> {
  return 'bytes' in reply ? bot.sendDocument(reply) : bot.sendMessage(reply);
}
