// What the catalogue routers share: who acts, and the page guards (reading is open to every education screen
// that picks a subject, level, theme or course; writing needs `materials`).
import { CATALOGUE_READ_PAGES, CATALOGUE_WRITE_PAGES } from '../domain/catalogue/common';
import { requirePage } from '../http/requirePage';

export const canRead = requirePage(...CATALOGUE_READ_PAGES);
export const canWrite = requirePage(...CATALOGUE_WRITE_PAGES);
