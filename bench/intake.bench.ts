/**
 * `npm run bench:intake`: hostile mails (12,000 fire lines, 3,000 commands, 3,000 STATUS lines, many
 * envelopes, huge lines, deep quoting, the largest mail taken, a turn of the most fire orders)
 * through the real intake with the real SQLite store (tests/support/per-mail-cost.ts). Prints the
 * CPU and the largest reply of each, then the worst CPU per mail (goal: at most 2 s) and the
 * largest reply (at most 200 KB).
 */
import { MAX_REPLY_BYTES, perMailCost, worst } from '../tests/support/per-mail-cost.ts';

const costs = perMailCost();
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const c of costs) {
  console.log(
    `${c.name.padEnd(50)} ${kb(c.bytes).padStart(9)}  cpu ${c.cpuMs.toFixed(0).padStart(6)} ms  replies ${String(c.replies.length).padStart(3)}, largest ${kb(Math.max(0, ...c.replies)).padStart(9)}  ${c.outcome}: ${c.detail}`,
  );
}
const w = worst(costs);
console.log(`\nworst CPU per mail (user + system): ${w.cpu.cpuMs.toFixed(0)} ms (${w.cpu.name}; goal at most 2000 ms)`);
console.log(`largest reply: ${kb(w.replyBytes)} (${w.reply.name}; goal at most ${kb(MAX_REPLY_BYTES)})`);
