/**
 * The dev mailbox: every email the emulator "sends" is stored and readable at `GET /_dev/mailbox`.
 */
import type { Database } from 'better-sqlite3';

export interface MailInput {
  to: string;
  subject: string;
  text: string;
  /** A verification or reset code, when the mail carries one. */
  code?: string;
  /** The main link of the mail (reset page, product page…). */
  link?: string;
}

/** A stored message, as `GET /_dev/mailbox` returns it. */
export interface MailMessage extends MailInput {
  createdDate: string;
}

/** Store a message. `nowMs` defaults to the wall clock. */
export function sendMail(db: Database, mail: MailInput, nowMs: number = Date.now()): MailMessage {
  const createdDate = new Date(nowMs).toISOString();
  db.prepare<[string, string, string, string | null, string | null, string]>(
    'INSERT INTO mail_messages (to_email, subject, text, code, link, created_date) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(mail.to, mail.subject, mail.text, mail.code ?? null, mail.link ?? null, createdDate);
  return { ...mail, createdDate };
}

interface MailRow {
  to_email: string;
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
  created_date: string;
}

/** Messages newest first, for one recipient (case-insensitive) or all. */
export function listMail(db: Database, to?: string): MailMessage[] {
  const rows = to
    ? db.prepare<[string], MailRow>('SELECT * FROM mail_messages WHERE to_email = ? ORDER BY id DESC').all(to)
    : db.prepare<[], MailRow>('SELECT * FROM mail_messages ORDER BY id DESC').all();
  return rows.map((r) => ({
    to: r.to_email,
    subject: r.subject,
    text: r.text,
    ...(r.code !== null ? { code: r.code } : {}),
    ...(r.link !== null ? { link: r.link } : {}),
    createdDate: r.created_date,
  }));
}

/** Delete all messages. */
export function clearMail(db: Database): void {
  db.prepare('DELETE FROM mail_messages').run();
}
