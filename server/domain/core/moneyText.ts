// Money as documents print it (Word, PDF): digits grouped by spaces, two decimals.

/** 1200000.00 → "1 200 000.00": exact, from the decimal string, never through a float. */
export function groupedMoney(amount: string): string {
  const [whole, fraction = '00'] = amount.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${negative ? '-' : ''}${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
