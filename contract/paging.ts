// Page sizes of the paged lists (spec section 5); free of zod, so the HTTP client of the first load can use them.
export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;
