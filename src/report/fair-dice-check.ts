/**
 * The checks of `tallyho verify-dice` (docs/fair-dice.md), on the FAIR DICE block read from a
 * report: the revealed seed hashes to the commitment published before the turn, the orders digest
 * is the SHA-256 of the players' lines, the dice seed is SHA-256(seed ':' digest), and the reader's
 * own orders hash to their line.
 */
import { commitmentOf, effectiveSeed, HEX64, ordersDigest, ordersHash } from '../core/fair-dice.ts';
import type { ParsedFairDice } from './fair-dice.ts';

export interface DiceCheck {
  /** 'ok', 'fail', or 'note' for a check that could not be made. */
  result: 'ok' | 'fail' | 'note';
  text: string;
}

export interface CheckOptions {
  /** The commitment published before the turn (from the previous mail, or typed in). */
  published?: { commitment: string; from: string };
}

const short = (h: string): string => `${h.slice(0, 16)}...`;

export function checkFairDice(p: ParsedFairDice, options: CheckOptions = {}): DiceCheck[] {
  const out: DiceCheck[] = [];
  const add = (ok: boolean, yes: string, no: string) =>
    out.push(ok ? { result: 'ok', text: yes } : { result: 'fail', text: no });
  if (p.turn === null || !p.serverSeed || !p.commitment || !p.digest || !p.diceSeed) {
    return [
      {
        result: 'fail',
        text: 'no revealed dice seed found: give the report of a resolved turn (its FAIR DICE part, with the server seed, commitment, orders, digest and dice seed)',
      },
    ];
  }
  const turn = p.turn;
  const hashed = commitmentOf(p.serverSeed);
  add(
    hashed === p.commitment,
    `the server seed of turn ${turn} hashes to the commitment printed in this report`,
    `the server seed of turn ${turn} hashes to ${short(hashed)}, not to the commitment printed in this report (${short(p.commitment)})`,
  );
  const pub = options.published;
  if (pub) {
    const want = pub.commitment.trim().toLowerCase();
    if (!HEX64.test(want)) out.push({ result: 'fail', text: `the commitment ${pub.from} is not 64 hex digits` });
    else
      add(
        want === hashed,
        `the server seed of turn ${turn} is the one committed to ${pub.from}`,
        `the server seed of turn ${turn} is NOT the one committed to ${pub.from}: it hashes to ${short(hashed)}, the commitment was ${short(want)}`,
      );
  } else {
    out.push({
      result: 'note',
      text: `not compared with the commitment published before turn ${turn}: pass --previous <the mail that opened turn ${turn}> or --commitment <its hex>`,
    });
  }
  const digest = ordersDigest(p.orders);
  add(
    digest === p.digest,
    `the orders digest is the SHA-256 of the ${p.orders.length} players' lines`,
    `the SHA-256 of the players' lines is ${short(digest)}, not the orders digest printed (${short(p.digest)})`,
  );
  const seed = effectiveSeed(p.serverSeed, p.digest);
  add(
    seed === p.diceSeed,
    'the dice seed is the SHA-256 of the server seed, ":" and the orders digest',
    `SHA-256 of the server seed, ":" and the digest is ${short(seed)}, not the dice seed printed (${short(p.diceSeed)})`,
  );
  if (p.own) {
    const line = p.orders.find((o) => o.player === p.own?.player);
    const mine = ordersHash(p.own.text);
    if (!line)
      out.push({
        result: 'fail',
        text: `your orders (player ${p.own.player ?? 'unknown'}) have no line among the players' orders`,
      });
    else
      add(
        line.hash === mine,
        `your orders as printed hash to your line (${line.player})`,
        `your orders as printed hash to ${short(mine)}, not to your line (${line.player}: ${short(line.hash)})`,
      );
  } else {
    out.push({
      result: 'note',
      text: 'this report shows none of your orders (you sent none for the turn): only the other checks were made',
    });
  }
  return out;
}
