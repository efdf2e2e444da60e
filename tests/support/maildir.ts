/**
 * Counting what reached a user's mailbox on the test mail stack straight from its Maildir (every
 * folder, new and cur), without IMAP: deliveries per Message-ID, so a mail delivered twice shows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { MailStack } from './mailstack.ts';

/** The Maildir of a user of the stack (Dovecot's mail_location under the stack's directory). */
export function maildirOf(stack: MailStack, user: string): string {
  const [name, domain] = user.toLowerCase().split('@') as [string, string];
  return `${stack.dir}/mail/${domain}/${name}/Maildir`;
}

/** Deliveries per Message-ID in every folder of the user's Maildir ('' for a mail without one). */
export function deliveriesByMessageId(stack: MailStack, user: string): Map<string, number> {
  const root = maildirOf(stack, user);
  const counts = new Map<string, number>();
  let folders: string[];
  try {
    folders = ['', ...readdirSync(root).filter((f) => f.startsWith('.') && f !== '.' && f !== '..')];
  } catch {
    return counts; // nothing delivered yet
  }
  for (const folder of folders) {
    for (const sub of ['new', 'cur']) {
      let files: string[] = [];
      try {
        files = readdirSync(`${root}/${folder}/${sub}`);
      } catch {
        continue;
      }
      for (const f of files) {
        const text = readFileSync(`${root}/${folder}/${sub}/${f}`, 'latin1');
        const head = text.slice(0, Math.max(0, text.search(/\r?\n\r?\n/)) || text.length);
        const id = /^message-id:\s*(<[^>\r\n]*>)/im.exec(head)?.[1] ?? '';
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
  }
  return counts;
}
