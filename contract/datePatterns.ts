// Date patterns (date-fns) of each interface language, shared by the screens and the documents the server writes.

/** Uzbek and Russian: 05.01.2026 and 05.01.2026 14:30; English: Jan 5, 2026 and Jan 5, 2026 14:30 (24-hour in both). */
export const DATE_PATTERNS: Record<'uz' | 'ru' | 'en', { date: string; dateTime: string; dayMonth: string }> = {
  uz: { date: 'dd.MM.yyyy', dateTime: 'dd.MM.yyyy HH:mm', dayMonth: 'dd.MM' },
  ru: { date: 'dd.MM.yyyy', dateTime: 'dd.MM.yyyy HH:mm', dayMonth: 'dd.MM' },
  en: { date: 'MMM d, yyyy', dateTime: 'MMM d, yyyy HH:mm', dayMonth: 'MMM d' },
};
