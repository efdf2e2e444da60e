/**
 * Verifiable dice, commit and reveal (docs/fair-dice.md). Each turn the referee draws a secret
 * server seed and publishes its SHA-256 (the commitment) in the mail that opens the turn. When the
 * turn resolves, its dice are thrown with
 *
 *   dice seed = SHA-256(serverSeed + ':' + ordersDigest)
 *
 * where the orders digest is the SHA-256 of one line `<player> <SHA-256 of the player's orders>\n`
 * for every player with accepted orders, sorted by player id. The referee fixed the server seed
 * before any orders came in and cannot change it afterwards; the players' orders cannot be known
 * in advance; so nobody chooses the dice alone. Every hash is written as lower-case hex and taken
 * of UTF-8 text, so a player can check each step with `printf %s ... | sha256sum`.
 */
import { sha256Hex } from './sha256.ts';

export interface PlayerOrdersHash {
  player: string;
  /** SHA-256 (hex) of the player's orders as flown, `normaliseOrdersText` applied. */
  hash: string;
}

export const HEX64 = /^[0-9a-f]{64}$/;

/** The commitment published for a server seed: SHA-256 of the seed as written (hex text). */
export const commitmentOf = (serverSeed: string): string => sha256Hex(serverSeed);

/** What normalising changes inside a text: a carriage return, or white space ending a line. */
const ALTERED = /\r|[^\S\n]\n/;

/**
 * The orders text a hash is taken of: trailing spaces cut from every line, blank lines at the start
 * and end dropped, lines joined with '\n' and ended with one '\n'. So the text printed in a report
 * (and copied out of a mail program) hashes the same as the text stored.
 */
export function normaliseOrdersText(text: string): string {
  // Text already so (the referee's own canonical orders): as it is.
  if (text.endsWith('\n') && !text.startsWith('\n') && !text.endsWith('\n\n') && !ALTERED.test(text)) return text;
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd());
  while (lines.length && lines[0] === '') lines.shift();
  while (lines.length && lines.at(-1) === '') lines.pop();
  return lines.length ? `${lines.join('\n')}\n` : '';
}

export const ordersHash = (canonical: string): string => sha256Hex(normaliseOrdersText(canonical));

/** The players' lines, sorted by player id (plain code-unit order; ids are [a-z0-9_-]). */
export function sortedOrderLines(hashes: readonly PlayerOrdersHash[]): PlayerOrdersHash[] {
  return [...hashes].sort((a, b) => (a.player < b.player ? -1 : a.player > b.player ? 1 : 0));
}

/** The text the orders digest is taken of: `<player> <hash>\n` per player, sorted. */
export const ordersDigestText = (hashes: readonly PlayerOrdersHash[]): string =>
  sortedOrderLines(hashes)
    .map((h) => `${h.player} ${h.hash}\n`)
    .join('');

export const ordersDigest = (hashes: readonly PlayerOrdersHash[]): string => sha256Hex(ordersDigestText(hashes));

/** The seed the turn's dice are thrown with (src/core/dice.ts). */
export const effectiveSeed = (serverSeed: string, digest: string): string => sha256Hex(`${serverSeed}:${digest}`);
