// Joining a parent's Telegram chat to a student: staff make a one-time link on the student card (valid a week);
// the parent opens it, Telegram sends the bot `/start <token>`, and the token is spent on that chat. Staff see the
// linked chats on the card and can unlink one (a parent who changed phone, a wrong person).
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { StudentTelegram, TelegramLinkAnswer } from '../../../../contract/telegram';
import type { Db, DbOrTx } from '../../../db/client';
import { students, telegramChats, telegramLinks } from '../../../db/schema';
import { audit } from '../../audit/record';
import type { Actor, AuthUser } from '../../core/actor';
import { conflictMessage, notFound } from '../../core/errors';
import { findStudent } from '../../students/students';

export const LINK_DAYS = 7;

/** A new one-time link to the bot for the student's parents. */
export async function createTelegramLink(db: Db, actor: Actor, studentId: number, botUsername: (() => Promise<string>) | null): Promise<TelegramLinkAnswer> {
  return db.transaction(async (tx) => {
    // The student's scope first: another branch's student is a 404 whether or not a bot is configured.
    const student = await findStudent(tx, actor.user, studentId);
    if (!botUsername) throw conflictMessage('errors.telegramNotConfigured');
    const username = await botUsername();
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(actor.now.getTime() + LINK_DAYS * 86_400_000);
    const [link] = await tx
      .insert(telegramLinks)
      .values({ studentId, token, createdBy: actor.user.id, createdAt: actor.now, expiresAt })
      .returning({ id: telegramLinks.id });
    await audit(tx, { actorId: actor.user.id, action: 'telegram_link.create', entity: 'student', entityId: studentId, filialId: student.filial, after: { link: link.id }, ip: actor.ip });
    return { url: `https://t.me/${username}?start=${token}`, expires_at: expiresAt.toISOString() };
  });
}

/** The card's view: the chats linked to the student. */
export async function studentTelegramOf(db: DbOrTx, user: AuthUser, studentId: number, configured: boolean): Promise<StudentTelegram> {
  await findStudent(db, user, studentId);
  const chats = await db
    .select({ id: telegramChats.id, name: telegramChats.name, linkedAt: telegramChats.linkedAt })
    .from(telegramChats)
    .where(eq(telegramChats.studentId, studentId))
    .orderBy(asc(telegramChats.linkedAt), asc(telegramChats.id));
  return { configured, chats: chats.map((c) => ({ id: c.id, name: c.name, linked_at: new Date(c.linkedAt).toISOString() })) };
}

export async function unlinkTelegramChat(db: Db, actor: Actor, studentId: number, chatRowId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const student = await findStudent(tx, actor.user, studentId);
    const removed = await tx
      .delete(telegramChats)
      .where(and(eq(telegramChats.id, chatRowId), eq(telegramChats.studentId, studentId)))
      .returning({ id: telegramChats.id, chatId: telegramChats.chatId, name: telegramChats.name });
    if (!removed.length) throw notFound('Telegram chat not found');
    await audit(tx, { actorId: actor.user.id, action: 'telegram_chat.unlink', entity: 'student', entityId: studentId, filialId: student.filial, before: removed[0], ip: actor.ip });
  });
}

export type LinkOutcome = { ok: true; studentName: string } | { ok: false; reason: 'unknown' | 'spent' };

/** Spends `token` on `chat` (once; a token already spent or past its week is refused) and links the chat. */
export async function consumeTelegramLink(db: Db, token: string, chat: { id: number; name: string | null; language: string }, now: Date): Promise<LinkOutcome> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ id: telegramLinks.id, studentId: telegramLinks.studentId, usedAt: telegramLinks.usedAt, chatId: telegramLinks.chatId, expiresAt: telegramLinks.expiresAt })
      .from(telegramLinks)
      .where(eq(telegramLinks.token, token))
      .for('update');
    if (!link) return { ok: false, reason: 'unknown' };
    const [student] = await tx.select({ name: students.fullName, archived: students.isArchived }).from(students).where(eq(students.id, link.studentId));
    // The same chat opening its link again (Telegram resends /start when the button is pressed twice) is fine.
    const again = link.usedAt !== null && link.chatId === chat.id;
    if (!again) {
      const [spent] = await tx
        .update(telegramLinks)
        .set({ usedAt: now, chatId: chat.id })
        .where(and(eq(telegramLinks.id, link.id), isNull(telegramLinks.usedAt), gt(telegramLinks.expiresAt, now)))
        .returning({ id: telegramLinks.id });
      if (!spent || !student || student.archived) return { ok: false, reason: 'spent' };
    }
    await tx
      .insert(telegramChats)
      .values({ chatId: chat.id, studentId: link.studentId, name: chat.name, language: chat.language, linkedAt: now })
      .onConflictDoNothing({ target: [telegramChats.chatId, telegramChats.studentId] });
    return { ok: true, studentName: student.name };
  });
}
