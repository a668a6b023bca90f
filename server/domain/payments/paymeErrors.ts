// Payme's refusals: a JSON-RPC error with the protocol's code and a message in the three languages Payme shows its
// users (ru, uz, en); `data` names the account field when the account is at fault.
import { PAYME_ERRORS } from '../../../contract/onlinePayments';

type Texts = { ru: string; uz: string; en: string };

const TEXTS: Record<number, Texts> = {
  [PAYME_ERRORS.parse]: { ru: 'Ошибка разбора JSON', uz: 'JSON xato', en: 'JSON parse error' },
  [PAYME_ERRORS.invalidRequest]: { ru: 'Неверный запрос', uz: 'Noto‘g‘ri so‘rov', en: 'Invalid request' },
  [PAYME_ERRORS.methodNotFound]: { ru: 'Метод не найден', uz: 'Usul topilmadi', en: 'Method not found' },
  [PAYME_ERRORS.unauthorised]: { ru: 'Недостаточно привилегий', uz: 'Ruxsat yo‘q', en: 'Insufficient privileges' },
  [PAYME_ERRORS.system]: { ru: 'Системная ошибка', uz: 'Tizim xatosi', en: 'System error' },
  [PAYME_ERRORS.wrongAmount]: { ru: 'Неверная сумма', uz: 'Noto‘g‘ri summa', en: 'Wrong amount' },
  [PAYME_ERRORS.notFound]: { ru: 'Транзакция не найдена', uz: 'Tranzaksiya topilmadi', en: 'Transaction not found' },
  [PAYME_ERRORS.cannotCancel]: { ru: 'Невозможно отменить транзакцию', uz: 'Tranzaksiyani bekor qilib bo‘lmaydi', en: 'The transaction cannot be cancelled' },
  [PAYME_ERRORS.cannotPerform]: { ru: 'Невозможно выполнить операцию', uz: 'Amalni bajarib bo‘lmaydi', en: 'The operation cannot be performed' },
  [PAYME_ERRORS.account]: { ru: 'Ученик не найден', uz: 'O‘quvchi topilmadi', en: 'Student not found' },
  [PAYME_ERRORS.accountBusy]: { ru: 'Для ученика уже есть ожидающая транзакция', uz: 'O‘quvchi uchun kutilayotgan tranzaksiya bor', en: 'Another transaction of the student is pending' },
};

export class PaymeError extends Error {
  constructor(
    readonly code: number,
    readonly data?: string,
  ) {
    super(`Payme error ${code}`);
  }
}

export function paymeErrorBody(err: PaymeError): { code: number; message: Texts; data?: string } {
  return { code: err.code, message: TEXTS[err.code] ?? TEXTS[PAYME_ERRORS.system], ...(err.data ? { data: err.data } : {}) };
}
