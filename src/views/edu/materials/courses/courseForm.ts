// The course dialog's values and their check: the contract's create schema without the branch (the current one
// is added when sending), with empty choices and empty numbers held as null so the schema answers "required".
import { z } from 'zod';
import { courseCreate, type Course } from '../../../../../contract/catalogue';

export type CourseFormValues = {
  name: string;
  subject: number | null;
  level: number | null;
  price: string;
  lessons_per_month: number | null;
  duration_months: number | null;
};

// Typed inputs, so the schema's input is exactly the form's values (TanStack Form checks that).
const nullAsMissing = <T extends z.ZodType>(schema: T) => z.preprocess((value: number | null) => (value === null ? undefined : value), schema);
// An empty amount is a missing one ("required"), not a malformed one.
const amount = <T extends z.ZodType>(schema: T) => z.preprocess((value: string) => (value.trim() === '' ? undefined : value), schema);

const shape = courseCreate.shape;
export const courseFormSchema = z.object({
  name: shape.name,
  subject: nullAsMissing(shape.subject),
  level: nullAsMissing(shape.level),
  price: amount(shape.price),
  lessons_per_month: nullAsMissing(shape.lessons_per_month),
  duration_months: nullAsMissing(shape.duration_months),
});

export const COURSE_FIELDS = ['name', 'subject', 'level', 'price', 'lessons_per_month', 'duration_months'] as const;

export function courseFormValues(course: Course | null): CourseFormValues {
  if (!course) return { name: '', subject: null, level: null, price: '', lessons_per_month: null, duration_months: null };
  return {
    name: course.name,
    subject: course.subject,
    level: course.level,
    price: course.price,
    lessons_per_month: course.lessons_per_month,
    duration_months: course.duration_months,
  };
}

/** What a person types as an amount → what the schema reads: "450 000,50" → "450000.50" (spaces go, comma is the point). */
export function typedAmount(text: string): string {
  return text.replace(/[\s\u00a0]/g, '').replace(',', '.');
}

/** Digits only, as a number; empty → null. */
export function typedCount(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? null : Number(digits);
}
