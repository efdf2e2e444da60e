/**
 * The hostile mail fixtures of tests/fixtures/eml/ and what each must lead to (expected.json):
 * the intake's outcome and the answer (an acknowledgement, a notice to the registered address, or
 * nothing but a logged rejection). `@@SECRET@@` in a fixture stands for the player's secret.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EML_DIR = 'tests/fixtures/eml';
/** MAX_MAIL_BYTES for the hostile suites: 21-oversize.eml is larger, the others smaller. */
export const HOSTILE_MAX_BYTES = 100_000;

export type Answer = 'ack-accepted' | 'ack-refused' | 'notice' | 'none' | 'answer';

export interface HostileCase {
  file: string;
  outcome: string;
  answer: Answer;
  why: string;
  raw(secret: string): Buffer;
}

export function hostileCases(): HostileCase[] {
  const expected = JSON.parse(readFileSync(join(EML_DIR, 'expected.json'), 'utf8')) as Record<
    string,
    { outcome: string; answer: Answer; why: string }
  >;
  const files = readdirSync(EML_DIR)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return files.map((file) => {
    const e = expected[file];
    if (!e) throw new Error(`${file} has no entry in expected.json`);
    return {
      file,
      ...e,
      raw: (secret: string) => {
        const bytes = readFileSync(join(EML_DIR, file));
        return Buffer.from(bytes.toString('latin1').replaceAll('@@SECRET@@', secret), 'latin1');
      },
    };
  });
}

/** Whether the new outbox rows are the expected answer to red@example.test. */
export function answerMatches(answer: Answer, rows: { recipient: string; kind: string; subject: string }[]): boolean {
  if (answer === 'none') return rows.length === 0;
  if (rows.length !== 1 || rows[0]!.recipient !== 'red@example.test') return false;
  const r = rows[0]!;
  if (answer === 'ack-accepted') return r.kind === 'ack' && r.subject.endsWith('orders accepted');
  if (answer === 'ack-refused') return r.kind === 'ack' && r.subject.endsWith('NOT accepted');
  if (answer === 'notice') return r.kind === 'notice';
  return true;
}
