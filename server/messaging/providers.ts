// The SMS gateway and the parents' Telegram bot the configuration names, or null when none is configured (the
// sender then does nothing). A second gateway is one more file beside eskiz.ts and one more line here.
import type { Config } from '../config';
import type { ChatProvider, SmsProvider } from '../domain/messages/provider';
import type { BotTexts } from '../domain/messages/telegram/bot';
import { translate } from '../i18n';
import { eskizProvider } from './eskiz';
import { type TelegramBot, telegramBot, telegramChatProvider } from './telegram';

export function smsProviderFrom(config: Pick<Config, 'eskiz'>): SmsProvider | null {
  if (!config.eskiz) return null;
  return eskizProvider(config.eskiz);
}

export type TelegramService = {
  bot: TelegramBot;
  /** The bot's @username (configured, or asked of the Bot API once). */
  username: () => Promise<string>;
  /** The bot's texts from the locale files. */
  texts: BotTexts;
  webhookSecret: string | undefined;
  /** The bot as the outbox's gateway for parents who linked it. */
  chats: ChatProvider;
};

/** The parents' bot the configuration names, or null without TELEGRAM_BOT_TOKEN. */
export function telegramFrom(config: Pick<Config, 'telegram' | 'localesDir'>): TelegramService | null {
  if (!config.telegram) return null;
  const bot = telegramBot({ baseUrl: config.telegram.baseUrl, token: config.telegram.token });
  const configured = config.telegram.username;
  let asked: Promise<string> | undefined;
  const username = () => {
    if (configured) return Promise.resolve(configured);
    asked ??= bot.getMe().then(
      (me) => me.username,
      (err: unknown) => {
        asked = undefined;
        throw err;
      },
    );
    return asked;
  };
  const texts: BotTexts = (lang, key, params) => translate(config.localesDir, lang, key, params);
  return { bot, username, texts, webhookSecret: config.telegram.webhookSecret, chats: telegramChatProvider(bot) };
}
