import { GROUP_SEPARATOR } from '../../../lib/money';

/** 12500 → "12 500"; negative numbers keep their sign (coins are whole numbers). */
export function formatCoins(n: number): string {
  const text = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  return n < 0 ? `−${text}` : text;
}

/** A signed amount of coins, "+30" or "−50", for entry lists. */
export function signedCoins(n: number): string {
  return n > 0 ? `+${formatCoins(n)}` : formatCoins(n);
}
