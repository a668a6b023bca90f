// Messages to parents: the events that send one, the placeholders each event's template may use, and rendering a
// template. Shared by the template editor (which refuses a placeholder its event cannot fill) and the sender.

export const MESSAGE_EVENTS = ['absence', 'payment', 'feeReminder', 'debt', 'welcome'] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

export const PLACEHOLDERS = ['student', 'group', 'date', 'time', 'amount', 'balance', 'room', 'teacher', 'phone', 'link'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** What each event knows when it is sent: a template may use these and no others. */
export const EVENT_PLACEHOLDERS: Record<MessageEvent, readonly Placeholder[]> = {
  absence: ['student', 'group', 'date', 'time', 'phone'],
  payment: ['student', 'amount', 'balance', 'date', 'phone'],
  // `link`: the parents' Payme (else Click) payment link with the amount filled in; empty without online payments.
  feeReminder: ['student', 'group', 'date', 'amount', 'balance', 'phone', 'link'],
  debt: ['student', 'balance', 'phone', 'link'],
  welcome: ['student', 'group', 'date', 'time', 'room', 'teacher', 'phone'],
};

const PLACEHOLDER_PATTERN = /\{([^{}\s]*)\}/g;

/** The placeholders a template names, in order of first use. */
export function placeholdersIn(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER_PATTERN), (m) => m[1]))];
}

/** Placeholders the event cannot fill (a typo, or another event's): the editor refuses to save them. */
export function unknownPlaceholders(event: MessageEvent, template: string): string[] {
  const allowed = new Set<string>(EVENT_PLACEHOLDERS[event]);
  return placeholdersIn(template).filter((p) => !allowed.has(p));
}

/** The template with each placeholder replaced by its value; a placeholder without a value stays as written. */
export function renderTemplate(template: string, values: Partial<Record<Placeholder, string>>): string {
  return template.replace(PLACEHOLDER_PATTERN, (whole, name: string) => values[name as Placeholder] ?? whole);
}
