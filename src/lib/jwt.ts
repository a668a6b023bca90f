// Reads the `exp` claim of a JWT without verifying it: the server verifies; the client only needs to know when
// to refresh (spec section 3: "the exp claim (seconds) is read"). No library: base64url is decoded by hand.

function decodeBase64Url(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}

/** The token's expiry in milliseconds since the epoch; null when the token or its `exp` cannot be read. */
export function tokenExpiryMs(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const json = decodeBase64Url(parts[1]);
  if (json === null) return null;
  try {
    const payload: unknown = JSON.parse(json);
    if (typeof payload !== 'object' || payload === null) return null;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Spec section 4 step 2: missing, unparsable or past its `exp` (compared in milliseconds) counts as expired. */
export function isTokenExpired(token: string | null | undefined, nowMs: number): boolean {
  if (!token) return true;
  const expiry = tokenExpiryMs(token);
  return expiry === null || expiry <= nowMs;
}
