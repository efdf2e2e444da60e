/**
 * Several envelopes for the same game and player in one mail. A mail program that quotes the mail
 * it answers without `>` (Outlook, most webmail) carries the old ready-to-send template under the
 * player's new orders. The rule (docs/players.md "The envelope"):
 * - an envelope that is a verbatim copy of one the referee sent the player (a ready-to-send
 *   template, or the "orders as flown" block of a report, its `|` marks removed) yields to the
 *   edited one;
 * - the same edited orders twice count once;
 * - two different edited envelopes: none counts, and the player is asked which one should.
 * Never a silent pick.
 */
import { formatOrders, parseOrders, type Envelope, type OrderError } from '../../orders/index.ts';
import type { StoreTx } from '../ports/store.ts';

export interface Choice {
  /** Index (in the mail's envelopes) of the envelope that is handled, or null: none is. */
  chosen: number | null;
  /** Notes on the envelopes left aside, for the acknowledgement of the chosen one. */
  notes: string[];
  /** When no envelope is chosen: the different edited envelopes, for the question to the player. */
  ambiguous: Envelope[];
}

/**
 * The orders of an envelope without its secret, turn token or line: what is compared. The lines
 * that could not be read are part of it, as written: a refusal's orders ready to correct, pasted
 * back unchanged, are a copy of what the referee sent, typo and all.
 */
export const ordersText = (env: Envelope): string => formatOrders([{ ...env, secret: '', line: 1 }], { unread: '' });

/**
 * The envelopes a mail from the referee carries, as ordersText (the "orders as flown" and "what was
 * read" blocks are printed behind `|`). `marked`: read the `|` blocks too (false for an
 * acknowledgement, whose WHAT WAS READ echoes what the player wrote).
 */
export function mailCopies(text: string, marked = true): string[] {
  return [...new Set(parseOrders(marked ? text.replace(/^[ \t]*\|[ \t]?/gm, '') : text).envelopes.map(ordersText))];
}

/**
 * The envelopes of the mails the referee sent the player for this turn and the one before, as
 * ordersText: templates, "orders as flown", and a refusal's orders ready to correct. Not what an
 * acknowledgement echoes of what the player wrote (WHAT WAS READ, behind `|`): an acknowledgement
 * is read with its `|` lines left as they are. Each mail is parsed once, the first time it is
 * asked for, and kept in that form.
 */
export function refereeCopies(tx: StoreTx, gameId: string, playerId: string, turn: number): Set<string> {
  const out = new Set<string>();
  for (const m of tx.outbox.orderCopies(gameId, playerId, turn - 1)) {
    let copies = m.copies;
    if (copies === null) {
      // An acknowledgement's WHAT WAS READ and a notice's echo of the player's envelopes ("which
      // counts?") are his own words behind `|`, not orders the referee sent.
      copies = mailCopies(m.text ?? '', m.kind !== 'ack' && m.kind !== 'notice');
      tx.outbox.saveOrderCopies(m.id, copies);
    }
    for (const c of copies) out.add(c);
  }
  return out;
}

/** Whether every envelope of `group` is an unchanged copy of orders the referee sent (none edited). */
export function onlyCopies(
  envelopes: readonly Envelope[],
  group: readonly number[],
  errors: (i: number) => OrderError[],
  copies: () => Set<string>,
): boolean {
  const known = copies();
  return group.every((i) => known.has(ordersText(envelopes[i] as Envelope)));
}

/**
 * Chooses among the envelopes `group` (indexes into `envelopes`, all for one known game and player).
 * `errors` are the parse errors by envelope index.
 */
export function chooseEnvelope(
  envelopes: readonly Envelope[],
  group: readonly number[],
  errors: (i: number) => OrderError[],
  copies: () => Set<string>,
): Choice {
  const first = group[0] as number;
  if (group.length === 1) return { chosen: first, notes: [], ambiguous: [] };
  const known = copies();
  const isCopy = (i: number) => known.has(ordersText(envelopes[i] as Envelope));
  const edited = group.filter((i) => !isCopy(i));
  const distinct = [...new Map(edited.map((i) => [ordersText(envelopes[i] as Envelope), i])).values()];
  if (distinct.length > 1) return { chosen: null, notes: [], ambiguous: distinct.map((i) => envelopes[i] as Envelope) };
  const chosen = distinct[0] ?? first;
  const line = (i: number) => (envelopes[i] as Envelope).line;
  const notes = group
    .filter((i) => i !== chosen)
    .map((i) =>
      isCopy(i)
        ? `the envelope on line ${line(i)} is an unchanged copy of orders the referee sent you (a quoted template, it seems); it was not counted, the one on line ${line(chosen)} was`
        : `the envelope on line ${line(i)} holds the same orders as the one on line ${line(chosen)}; they were counted once`,
    );
  return { chosen, notes, ambiguous: [] };
}
