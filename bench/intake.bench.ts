/**
 * `npm run bench:intake`: hostile mails (12,000 fire lines, 3,000 commands, 3,000 STATUS lines, many
 * envelopes, huge lines, deep quoting, the largest mail taken, a turn of the most fire orders)
 * through the real intake with the real SQLite store (tests/support/per-mail-cost.ts), then raw
 * mails of one 100 KB line (words, order-shaped words, #TALLYHO fragments, HTML) read as the server
 * reads them, from a player with three games and from a stranger (tests/support/one-line-mails.ts). Prints the
 * CPU and the largest reply of each, then the worst CPU per mail (goal: at most 2 s) and the
 * largest reply (at most 200 KB).
 */
import { oneLineCosts } from '../tests/support/one-line-mails.ts';
import { costReferee, MAX_REPLY_BYTES, perMailCost, worst } from '../tests/support/per-mail-cost.ts';

const costs = perMailCost();
const { t, red } = costReferee();
costs.push(...(await oneLineCosts(t, red)));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const c of costs) {
  console.log(
    `${c.name.padEnd(50)} ${kb(c.bytes).padStart(9)}  cpu ${c.cpuMs.toFixed(0).padStart(6)} ms  replies ${String(c.replies.length).padStart(3)}, largest ${kb(Math.max(0, ...c.replies)).padStart(9)}  ${c.outcome}: ${c.detail}`,
  );
}
const w = worst(costs);
console.log(`\nworst CPU per mail (user + system): ${w.cpu.cpuMs.toFixed(0)} ms (${w.cpu.name}; goal at most 2000 ms)`);
console.log(`largest reply: ${kb(w.replyBytes)} (${w.reply.name}; goal at most ${kb(MAX_REPLY_BYTES)})`);
