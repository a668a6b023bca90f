// What an SMS costs before it is sent: its encoding, length and number of parts (GSM 03.38 and 03.40), and the
// look-alike letters replaced so that Uzbek Latin stays in GSM-7. Shared by the template editor (length and parts
// as the director types) and the sender (the text handed to the gateway and the parts it is charged for).

// The GSM 03.38 default alphabet (one septet each), without the escape character.
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
// The extension table: two septets each (an escape, then the character).
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

/**
 * Characters outside GSM-7 that people type for one inside it. The Uzbek letters oʻ and gʻ and the tutuq belgisi ʼ
 * are written with U+02BB/U+02BC (or the typographic quotes a phone's keyboard puts in): any one of them would turn
 * the whole message into UCS-2, 70 characters a part instead of 160.
 */
const LOOK_ALIKES: Record<string, string> = {
  '\u02BB': "'", // ʻ modifier letter turned comma (oʻ, gʻ)
  '\u02BC': "'", // ʼ modifier letter apostrophe
  '\u2018': "'", // ‘
  '\u2019': "'", // ’
  '\u0060': "'", // `
  '\u00B4': "'", // ´
  '\u201C': '"', // “
  '\u201D': '"', // ”
  '\u00AB': '"', // «
  '\u00BB': '"', // »
  '\u2013': '-', // –
  '\u2014': '-', // —
  '\u2026': '...', // …
  '\u00A0': ' ', // no-break space
  '\u202F': ' ', // narrow no-break space
};
const LOOK_ALIKE_PATTERN = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g');

/** The text as the sender hands it to the gateway: look-alikes replaced; Cyrillic and other letters kept. */
export function gsmFriendly(text: string): string {
  return text.replace(LOOK_ALIKE_PATTERN, (ch) => LOOK_ALIKES[ch]);
}

export type SmsEncoding = 'gsm7' | 'ucs2';

export type SmsLength = {
  encoding: SmsEncoding;
  /** Septets (GSM-7, an extension character counts two) or UTF-16 code units (UCS-2, an emoji counts two). */
  units: number;
  /** Parts the gateway charges for; 0 for an empty text. */
  parts: number;
  /** Units one part holds at this length: 160/70 for a single part, 153/67 when parts are joined. */
  perPart: number;
};

const LIMITS = { gsm7: { single: 160, joined: 153 }, ucs2: { single: 70, joined: 67 } } as const;

/** The size of each character in its encoding's units; null when a character is outside GSM-7. */
function gsmSizes(text: string): number[] | null {
  const sizes: number[] = [];
  for (const ch of text) {
    if (GSM_BASIC.has(ch)) sizes.push(1);
    else if (GSM_EXTENDED.has(ch)) sizes.push(2);
    else return null;
  }
  return sizes;
}

/** Joined parts: a character never straddles two (an escape and its letter, or the two halves of an emoji). */
function joinedParts(sizes: number[], perPart: number): number {
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return parts;
}

/** Encoding, length and parts of `text` exactly as given (call gsmFriendly first for what the sender sends). */
export function smsLength(text: string): SmsLength {
  const gsm = gsmSizes(text);
  const encoding: SmsEncoding = gsm ? 'gsm7' : 'ucs2';
  const sizes = gsm ?? Array.from(text, (ch) => ch.length);
  const units = sizes.reduce((a, b) => a + b, 0);
  const limit = LIMITS[encoding];
  if (units === 0) return { encoding, units, parts: 0, perPart: limit.single };
  if (units <= limit.single) return { encoding, units, parts: 1, perPart: limit.single };
  return { encoding, units, parts: joinedParts(sizes, limit.joined), perPart: limit.joined };
}
