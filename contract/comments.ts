// Comments (spec section 7, "Students" and "Leads"): notes on a student, a lead or an employee ("stuff" in the
// spec's paths), newest first, with their author. Mentioned employees get a notification that links to the object.
import { z } from 'zod';
import { MAX_ID, msg, pageQuery, paged, queryId, required } from './common';
import { bodyId } from './catalogue';

export const COMMENT_MAX_LENGTH = 2000;
export const COMMENT_TARGETS = ['student', 'lead'] as const;
export type CommentTarget = (typeof COMMENT_TARGETS)[number];

/** Employees mentioned in a comment: each (sharing the branch) gets a notification linking to the commented object. */
export const commentMentions = z.array(bodyId).max(20, 'validation.invalid').optional();

export const commentText = z.string(required).trim().min(1, msg.required).max(COMMENT_MAX_LENGTH, 'validation.maxLength');

/** GET /comments/all/{id}/: the comments of student `id` (or lead `id` with target=lead); `creator` = author. */
export const commentsQuery = z.object({
  ...pageQuery.shape,
  creator: queryId,
  target: z.preprocess((v) => (v === '' ? undefined : v), z.enum(COMMENT_TARGETS, { error: 'validation.invalid' }).default('student')),
});
export type CommentsParams = {
  page?: number;
  page_size?: number;
  creator?: number;
  target?: CommentTarget;
};

/** POST /comments/: exactly one of `student` and `lead`. */
export const commentCreate = z
  .object({
    student: bodyId.optional(),
    lead: bodyId.optional(),
    text: commentText,
    mentions: commentMentions,
  })
  .refine((v) => (v.student === undefined) !== (v.lead === undefined), {
    message: msg.required,
    path: ['student'],
  });
export type CommentCreate = z.input<typeof commentCreate>;

/** GET /comments/stuff/?id=: the comments on employee `id`. */
export const staffCommentsQuery = z.object({
  ...pageQuery.shape,
  id: z.coerce.number(required).int(msg.positiveInt).positive(msg.positiveInt).max(MAX_ID, msg.positiveInt),
});
/** POST /comments/stuff/ */
export const staffCommentCreate = z.object({
  employee: bodyId,
  text: commentText,
  mentions: commentMentions,
});
export type StaffCommentCreate = z.input<typeof staffCommentCreate>;

export const commentItem = z.object({
  id: z.number().int(),
  text: z.string(),
  author: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  student: z.number().int().nullable(),
  lead: z.number().int().nullable(),
  employee: z.number().int().nullable(),
  created_at: z.string(),
});
export type CommentItem = z.infer<typeof commentItem>;
export const commentPage = paged(commentItem);
