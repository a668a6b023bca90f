// Sales (discounts) and vouchers, spec section 7 "Finance": POST /finance/sale/, /finance/sale-student/,
// DELETE /finance/sale/student/{id}/, /finance/voucher/student/. The billing rule is contract/billing.ts.
export const SALE_KINDS = ['percent', 'fixed'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
