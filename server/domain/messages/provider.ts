// What the sender needs from a message gateway. The domain knows only this; the HTTP clients live in
// server/messaging/ (one file per gateway).

export type SendRequest = {
  /** `998XXXXXXXXX`, digits only. */
  phone: string;
  text: string;
  /** Our message id, for the provider's delivery callback. */
  messageId: number;
};

export type SendResult =
  | { ok: true; providerMessageId: string }
  /** `permanent`: trying again cannot help (e.g. a phone the gateway rejects). */
  | { ok: false; reason: string; permanent?: boolean };

export type SmsProvider = {
  readonly name: string;
  send(request: SendRequest): Promise<SendResult>;
};

/** A chat gateway (the parents' Telegram bot): one text to every chat linked to the student. */
export type ChatProvider = {
  readonly name: string;
  /** `silent`: delivered without a sound (the quiet hours). */
  send(chatIds: number[], text: string, options: { silent: boolean }): Promise<SendResult>;
};
