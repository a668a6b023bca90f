import type { Translate } from '../../../../i18n';
import { firstError } from '../../../common/formErrors';

type FieldState = { state: { meta: { errors: readonly unknown[]; isTouched: boolean } }; form: { state: { submissionAttempts: number } } };

/** A field's first error once it was touched or a submit was tried (as FormTextField shows it). */
export function shownError(field: FieldState, t: Translate): string | null {
  const shown = field.state.meta.isTouched || field.form.state.submissionAttempts > 0;
  return shown ? firstError(field.state.meta.errors, t) : null;
}
