// The default template of each event in each language: the locale files' `parent_messages.templates`, so the texts
// a centre sends before its director writes its own are translated like every other text.
import enMessages from '../../../locales/en/parent_messages.json';
import ruMessages from '../../../locales/ru/parent_messages.json';
import uzMessages from '../../../locales/uz/parent_messages.json';
import type { MessageEvent } from '../../../contract/parentMessages';

export type MessageLanguage = 'uz' | 'ru' | 'en';

const DEFAULTS: Record<MessageLanguage, Record<MessageEvent, string>> = { uz: uzMessages.templates, ru: ruMessages.templates, en: enMessages.templates };

export function defaultTemplate(event: MessageEvent, language: MessageLanguage): string {
  return DEFAULTS[language][event];
}
