/** The colour of an attendance rate's bar: green from 85 %, amber from 70 %, red below. */
export function rateColour(rate: number): string {
  return rate >= 85 ? '#15803d' : rate >= 70 ? '#d97706' : '#dc2626';
}
