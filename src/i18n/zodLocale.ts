// zod's own messages (for checks without a contract key) in the interface language, a small chunk per language.
// Loaded with the signed-in shell, where the zod forms are: the login page checks its fields without zod.
import { config as zodConfig } from 'zod';
import { beforeLanguageSwitch, currentLang, type Lang } from './index';

async function applyZodLocale(lang: Lang): Promise<void> {
  const locale =
    lang === 'uz' ? await import('zod/v4/locales/uz.js') : lang === 'ru' ? await import('zod/v4/locales/ru.js') : await import('zod/v4/locales/en.js');
  zodConfig(locale.default());
}

let following: Promise<void> | null = null;

/** Applies the current language to zod now and on every later switch; once. */
export function followZodLocale(): Promise<void> {
  if (!following) {
    beforeLanguageSwitch(applyZodLocale);
    // Without its locale zod keeps its English messages; the page must not fail for that.
    following = applyZodLocale(currentLang()).catch((error: unknown) => console.error('Failed to load zod messages', error));
  }
  return following;
}
