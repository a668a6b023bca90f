// Parents on Telegram (issue 17): the Bot API's updates as far as the bot reads them (every outside input is
// validated), and the student card's link and linked chats.
import { z } from 'zod';

/** The longest text a Telegram message holds. */
export const TELEGRAM_TEXT_MAX = 4096;
/** A deep link's `start` payload: 1–64 of A–Z, a–z, 0–9, _ and - (Telegram's rule). */
export const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;

export const telegramUpdate = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      message_id: z.number().int(),
      from: z.object({ id: z.number().int(), is_bot: z.boolean().optional(), first_name: z.string().max(256).optional(), last_name: z.string().max(256).optional(), language_code: z.string().max(35).optional() }).optional(),
      chat: z.object({ id: z.number().int(), type: z.string().max(32) }),
      date: z.number().int().optional(),
      text: z.string().max(TELEGRAM_TEXT_MAX).optional(),
      /** A contact the user shared (the reply keyboard's `request_contact` button sends their own). */
      contact: z.object({ phone_number: z.string().max(32), first_name: z.string().max(256).optional(), user_id: z.number().int().optional() }).optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdate>;

/** POST /students/{id}/telegram/link/: a one-time link (and the same as a QR code on the card). */
export const telegramLinkAnswer = z.object({
  url: z.string(),
  expires_at: z.string(),
});
export type TelegramLinkAnswer = z.infer<typeof telegramLinkAnswer>;

/** GET /students/{id}/telegram/: whether a bot is configured, and the parents' chats linked to the student. */
export const studentTelegram = z.object({
  configured: z.boolean(),
  chats: z.array(z.object({ id: z.number().int(), name: z.string().nullable(), linked_at: z.string() })),
});
export type StudentTelegram = z.infer<typeof studentTelegram>;
