/**
 * What a sweep of the IMAP inbox (imap-inbox.ts) takes and in what order: the new mails of a
 * round, the senders taking turns, and the chunks they are fetched in.
 */

/** UIDs fetched together: whole mails, or (over the size limit) their headers only. */
export type Chunk = { uids: number[]; headersOnly: boolean };

/** A UID set for a command: runs of consecutive UIDs written as ranges (1:40,42,50:60). */
export function uidSet(uids: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < uids.length; ) {
    let j = i;
    while (j + 1 < uids.length && uids[j + 1] === (uids[j] as number) + 1) j++;
    parts.push(j > i ? `${uids[i]}:${uids[j]}` : String(uids[i]));
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * Splits the new mails into chunks to fetch, in UID order: at most `batch` mails and `fetchBytes`
 * bytes each (a mail larger than that alone), and those over `maxBytes` apart, headers only.
 */
export function planChunks(
  uids: readonly number[],
  sizes: ReadonlyMap<number, number>,
  o: { batch: number; fetchBytes: number; maxBytes: number },
): Chunk[] {
  const chunks: Chunk[] = [];
  const tooBig: number[] = [];
  let cur: number[] = [];
  let bytes = 0;
  for (const uid of uids) {
    const size = sizes.get(uid);
    if (size === undefined) continue; // expunged meanwhile
    if (size > o.maxBytes) {
      tooBig.push(uid);
      continue;
    }
    if (cur.length && (cur.length >= o.batch || bytes + size > o.fetchBytes)) {
      chunks.push({ uids: cur, headersOnly: false });
      cur = [];
      bytes = 0;
    }
    cur.push(uid);
    bytes += size;
  }
  if (cur.length) chunks.push({ uids: cur, headersOnly: false });
  for (let i = 0; i < tooBig.length; i += o.batch)
    chunks.push({ uids: tooBig.slice(i, i + o.batch), headersOnly: true });
  return chunks;
}

/**
 * The new mails a sweep handles, at most `limit`, the senders taking turns: each sender's oldest
 * mail (lowest UID) first, then each one's second, and so on; a mail whose sender is unknown is a
 * sender of its own. Each sender's mails keep their order, so a revision still follows the orders it
 * replaces; a flood from one address (or forged with it) never holds back another player's mail
 * longer than a round. `left`: the mails left for the next round.
 */
export function fairRound(
  uids: readonly number[],
  senders: ReadonlyMap<number, string>,
  limit: number,
): { uids: number[]; left: number } {
  const seen = new Map<string, number>();
  const placed = uids.map((uid) => {
    const who = senders.get(uid) ?? `#${uid}`;
    const nth = (seen.get(who) ?? 0) + 1;
    seen.set(who, nth);
    return { uid, nth };
  });
  placed.sort((x, y) => x.nth - y.nth || x.uid - y.uid);
  const take = placed.slice(0, limit).map((p) => p.uid);
  return { uids: take, left: uids.length - take.length };
}
