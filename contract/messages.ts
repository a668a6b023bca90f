// Messages that are i18n keys (namespace "validation"); the client and the server both translate them.
// Free of zod, so the sign-in page can check its fields without loading it.
export const msg = {
  required: 'validation.required',
  minLength: 'validation.minLength',
  phone: 'validation.phone',
  passwordsMismatch: 'validation.passwordsMismatch',
  positiveInt: 'validation.positiveInt',
} as const;
