/**
 * The Keys port over node:crypto: player secrets (random, shown once, stored as scrypt hashes and
 * compared in constant time), the turn tokens of orders templates (an HMAC-SHA-256 of game, player
 * and turn under the server's key), dice seeds, the random tokens of private links and Message-IDs.
 */
import { createHmac, randomBytes, randomInt, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Keys, Store } from '../app/ports/store.ts';

/** No 0/o, 1/l/i: a secret read aloud or retyped from paper survives. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };
const TOKEN_RE = /^t(\d{1,4})-([0-9a-f]{24})$/i;

/** Secrets are compared without regard to case or surrounding spaces. */
const normalise = (secret: string): string => secret.trim().toLowerCase();

export function isTurnTokenShape(text: string): boolean {
  return TOKEN_RE.test(text.trim());
}

/** The turn a token names, or undefined when the text is not a token. */
export function tokenTurn(text: string): number | undefined {
  const m = TOKEN_RE.exec(text.trim());
  return m ? Number(m[1]) : undefined;
}

export function hashSecret(secret: string, cost: number = SCRYPT.N): string {
  const salt = randomBytes(16);
  const hash = scryptSync(normalise(secret), salt, SCRYPT.keylen, { N: cost, r: SCRYPT.r, p: SCRYPT.p });
  return `scrypt$${cost}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export function verifySecret(secret: string, stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] as string, 'base64');
  const want = Buffer.from(parts[5] as string, 'base64');
  if (!secret || want.length === 0) return false;
  const got = scryptSync(normalise(secret), salt, want.length, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
  return timingSafeEqual(got, want);
}

export function newSecret(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

export interface KeysOptions {
  /** HMAC key of the turn tokens. */
  tokenKey: string;
  /** Domain of generated Message-IDs (the referee's mail domain). */
  domain: string;
  /** scrypt cost (N); lower only in tests. */
  scryptCost?: number;
}

export function createKeys(options: KeysOptions): Keys {
  const mac = (game: string, player: string, turn: number): Buffer =>
    createHmac('sha256', options.tokenKey).update(`tallyho-turn\0${game}\0${player}\0${turn}`).digest();
  const cost = options.scryptCost ?? SCRYPT.N;
  return {
    newSecret,
    hashSecret: (s) => hashSecret(s, cost),
    verifySecret,
    turnToken: (game, player, turn) => `T${turn}-${mac(game, player, turn).toString('hex').slice(0, 24)}`,
    verifyTurnToken(token, game, player, turn) {
      const m = TOKEN_RE.exec(token.trim());
      if (!m || Number(m[1]) !== turn) return false;
      const want = mac(game, player, turn).subarray(0, 12);
      return timingSafeEqual(Buffer.from((m[2] as string).toLowerCase(), 'hex'), want);
    },
    newSeed: () => randomBytes(16).toString('hex'),
    // 24 random bytes: 32 characters of base64url, nothing to escape in a URL.
    newToken: () => randomBytes(24).toString('base64url'),
    newMessageId: (hint) =>
      `<${hint.replace(/[^A-Za-z0-9._-]/g, '-')}.${randomBytes(9).toString('base64url')}@${options.domain}>`,
  };
}

/** The token key: the configured one, else one made once and kept in the store. */
export function tokenKeyFor(store: Store, configured: string | null): string {
  return configured || keptSetting(store, 'token_key', 32);
}

/** A setting of random hex digits (`bytes` random bytes), made the first time it is asked for and kept. */
function keptSetting(store: Store, key: string, bytes: number): string {
  return store.tx((tx) => {
    const kept = tx.settings.get(key);
    if (kept) return kept;
    const made = randomBytes(bytes).toString('hex');
    tx.settings.set(key, made);
    return made;
  });
}

/**
 * This installation's id: 16 random hex digits made once and kept in the store (settings
 * `installation_id`). Hook requests carry it with the delivery's number (app/hooks/formats.ts
 * deliveryTag), so a Matrix transaction id or an Idempotency-Key is never one another installation,
 * or this one started on a fresh database, has used: those numbers start at 1 in every database.
 */
export function installationId(store: Store): string {
  return keptSetting(store, 'installation_id', 8);
}

export const domainOf = (address: string): string => address.split('@')[1] ?? 'localhost';
