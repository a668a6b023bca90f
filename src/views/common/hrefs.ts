// The addresses of detail pages (design page: detail objects live in the query) and a phone as a list shows it;
// every area links to students, employees and cashiers, so they live here rather than in one area.
import { formatPhoneInput } from '../../lib/phone';

export const studentHref = (id: number) => `/students/info?id=${id}`;
export const employeeHref = (id: number) => `/employees/info?id=${id}`;
/** `/cashiers?id=N`: a cashier's page. */
export const cashierHref = (id: number, tab?: string) => `/cashiers?id=${id}${tab ? `&tab=${tab}` : ''}`;

/** "+998901234567" → "+998 90 123 45 67"; empty stays empty. */
export const showPhone = (phone: string | null | undefined) => (phone ? formatPhoneInput(phone) : '');
