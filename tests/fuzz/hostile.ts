// Hostile values for the API fuzzer: what a careless or malicious client could send in place of a field.
import fc from 'fast-check';

/** One UTF-16 code unit from the surrogate range: a lone surrogate, which no well-formed string holds. */
export const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Strings that have broken naive code: control characters, bidi overrides, emoji, combining marks. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\n ',
  '\u0000',
  'a\u0000b',
  '\u202eRTL override\u202c',
  'مرحبا بالعالم',
  '\u200f\u200e\u200b',
  '👩‍👩‍👧‍👦🇺🇿💸',
  'Z̴̡̧͍̩̘a̷̢͎͍l̵̨͓g̶̜͙o̴̢',
  '\ufeffBOM',
  '\ud800',
  'x\udfffy',
  '\r\n\r\n',
  "'; drop table students; --",
  "' OR '1'='1",
  '1; select pg_sleep(0)',
  '%',
  '%%',
  '%s%n%d',
  '\\',
  '\\x00',
  '$1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile input, meant literally
  '${1+1}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  'true',
  '[]',
  '{}',
  '0x1F',
  '1e309',
  '١٢٣',
  'ǅ',
  'İ',
  'ß',
];

/** Dates that look like dates and are not, or are at the edge of what PostgreSQL accepts. */
export const BAD_DATES: readonly string[] = [
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-1-1',
  '0000-00-00',
  '0000-01-01',
  '9999-12-31',
  '99999-01-01',
  '-001-01-01',
  '2024-01-01T25:00:00Z',
  '2024-01-01T10:00:00+25:00',
  '2024-01-01 10:00',
  '24:00',
  '23:60',
  '1:5',
  '2024/01/01',
  '01.01.2024',
  '1700000000',
  'today',
  'yesterday',
  'epoch',
  'infinity',
  '-infinity',
  'allballs',
];

/** Numbers at and beyond the edges of integer columns, JavaScript numbers and money. */
export const EDGE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  1.005,
  0.1 + 0.2,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e15,
  1e21,
  1e300,
  -1e300,
  Number.MIN_VALUE,
  Number.MAX_VALUE,
  Number.EPSILON,
  // biome-ignore lint/correctness/noPrecisionLoss: a hostile input: the float a client would send
  99999999999999.99,
  1e-7,
];

/** A long string: long enough to overflow any sane column or index, short enough to stay fast. */
export const hugeString = fc
  .tuple(fc.constantFrom('a', 'я', '💥', '\u0000', ' ', "'", '9'), fc.integer({ min: 1_000, max: 70_000 }))
  .map(([unit, n]) => unit.repeat(n));

/** Any string a JSON client could send, biased to the nasty kinds. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...BAD_DATES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 5 }), loneSurrogate, fc.string({ maxLength: 5 })).map((p) => p.join('')) },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_NUMBERS).map((n) => String(n)) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

/** Any JSON value, small. */
export const anyJson = fc.jsonValue({ maxDepth: 3, depthSize: 'small' });

/** A value of the wrong kind for any schema: the generic hostile value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': null }, [[[]]]) },
  { weight: 1, arbitrary: anyJson },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'id', '', 'a'), fc.constantFrom(1, 'x', null)) },
);

/** Path segment values for an id: out of range, negative, fractional, garbage; already URL-encoded. */
export const hostileIdSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('0', '-1', '1.5', '2147483647', '2147483648', '9007199254740993', '99999999999999999999999', '1e3', '0x10', '00001', '+1', ' 1') },
  { weight: 2, arbitrary: fc.constantFrom('abc', 'null', 'undefined', 'NaN', 'Infinity', '%', '%ZZ', '%00', '%2F', '%C0%AF', '%E2%80%AE1', '%F0%9F%92%A5', "1'%20OR%20'1'='1", '%3Cscript%3E') },
  { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 3000).map((s) => safeEncode(s)) },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String) },
);

/** encodeURIComponent that survives lone surrogates (it throws on them): they go out as raw `%ED%A0%80`. */
export function safeEncode(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(ch);
  }
  return out;
}
