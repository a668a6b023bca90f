// What the catalogue routers share: who acts, and the page guards (reading is open to every education screen
// that picks a subject, level, theme or course, and the plain lists to every page whose selects use them;
// writing needs `materials`).
import { CATALOGUE_READ_PAGES, CATALOGUE_WRITE_PAGES } from '../domain/catalogue/common';
import { requireLookup, requirePage } from '../http/requirePage';

export const canRead = requirePage(...CATALOGUE_READ_PAGES);
/** The subject, level and course lists that fill selects: open to every page that picks from them (lead forms,
 * student and employee filters too). */
export const canReadSubjects = requireLookup('subjects');
export const canReadLevels = requireLookup('levels');
export const canReadCourses = requireLookup('courses');
export const canWrite = requirePage(...CATALOGUE_WRITE_PAGES);
