/** An outbox row for the outbox worker's tests (tests/shell/mail/): mail `n`, a report, with any field changed. */
import type { NewOutboxRow } from '../../src/app/ports/store.ts';

export const outboxRow = (n: number, change: Partial<NewOutboxRow> = {}): NewOutboxRow => ({
  gameId: 'g',
  playerId: 'p',
  kind: 'report',
  turn: 1,
  inboundId: null,
  recipient: `p${n}@example.test`,
  subject: `mail ${n}`,
  messageId: `<m${n}@example.test>`,
  inReplyTo: null,
  references: [],
  text: 'hello\n',
  html: null,
  ...change,
});
