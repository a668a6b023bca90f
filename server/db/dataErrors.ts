// Errors that mean "a value does not fit" rather than "the server is broken": PostgreSQL's numeric value out of
// range (22003, "numeric field overflow", also an integer out of range). The contract's limits and the widths of
// the sum columns (decisions: "Money: the limit of one entry and the widths of sums") keep accepted input from
// ever reaching one; should a future gap let one through, handleError answers it as a 400, never a 500.

const NUMERIC_OUT_OF_RANGE = '22003';

/** The SQLSTATE of `err` or of an error in its `cause` chain (drizzle wraps the driver's error), if any. */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isNumericOverflow = (err: unknown): boolean => sqlStateOf(err) === NUMERIC_OUT_OF_RANGE;
