// Money in the simulation's model: whole tiyin as plain integers (every figure here stays far below 2^53), written
// and read as the API's decimal strings. Independent of contract/money.ts on purpose: the model checks the product.

export const cents = (amount: string): number => {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) throw new Error(`Not an amount: ${amount}`);
  const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -value : value;
};

export const text = (c: number): string => {
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

export const soum = (s: number): number => s * 100;
