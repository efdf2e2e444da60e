/**
 * SHA-256 (FIPS 180-4) for the pure core, so that it can derive dice without any platform library.
 * Written out here, small and allocation-light, because the dice hash once per die and verify
 * hashes every turn's orders: text is encoded straight into the padded message, the schedule lives
 * in one scratch array. Text is hashed as its UTF-8 bytes (a lone surrogate, which no order text
 * holds, as U+FFFD), as `printf %s ... | sha256sum` does. Checked against node:crypto in the tests
 * (tests/core/dice.test.ts), on random text, binary data and every length around the block size.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** The message schedule, reused by every block (nothing of it outlives one call). Int32 like K: small integers stay unboxed. */
const W = new Int32Array(64);

/** Bytes of a string's UTF-8 form, a lone surrogate counted as U+FFFD's three. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Writes a string's UTF-8 bytes into `out` from 0. */
function utf8Into(s: string, out: Uint8Array): void {
  let j = 0;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      out[j++] = c;
      continue;
    }
    if (c < 0x800) {
      out[j++] = 0xc0 | (c >> 6);
      out[j++] = 0x80 | (c & 63);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      const cp = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(++i) - 0xdc00);
      out[j++] = 0xf0 | (cp >> 18);
      out[j++] = 0x80 | ((cp >> 12) & 63);
      out[j++] = 0x80 | ((cp >> 6) & 63);
      out[j++] = 0x80 | (cp & 63);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    out[j++] = 0xe0 | (c >> 12);
    out[j++] = 0x80 | ((c >> 6) & 63);
    out[j++] = 0x80 | (c & 63);
  }
}

/** The running hash, H0-H7. */
const H = new Int32Array(8);

/** Compresses the 64-byte block of `m` at `at` into H (FIPS 180-4 6.2.2). */
function compress(m: Uint8Array, at: number): void {
  for (let i = 0; i < 16; i++) {
    const j = at + i * 4;
    W[i] = ((m[j] as number) << 24) | ((m[j + 1] as number) << 16) | ((m[j + 2] as number) << 8) | (m[j + 3] as number);
  }
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15] as number;
    const b = W[i - 2] as number;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[i] = ((W[i - 16] as number) + s0 + (W[i - 7] as number) + s1) | 0;
  }
  let a = H[0] as number,
    b = H[1] as number,
    c = H[2] as number,
    d = H[3] as number;
  let e = H[4] as number,
    f = H[5] as number,
    g = H[6] as number,
    h = H[7] as number;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + (K[i] as number) + (W[i] as number)) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = (H[0] as number) + a;
  H[1] = (H[1] as number) + b;
  H[2] = (H[2] as number) + c;
  H[3] = (H[3] as number) + d;
  H[4] = (H[4] as number) + e;
  H[5] = (H[5] as number) + f;
  H[6] = (H[6] as number) + g;
  H[7] = (H[7] as number) + h;
}

/**
 * The first block of the last message of more than one block, and the hash after it. The dice hash
 * the turn's seed (64 hex digits, one whole block) followed by each roll's label: the block the
 * seed fills is compressed once, not once a die. Compression depends on the block's bytes alone,
 * so the same bytes always give the same hash after them.
 */
const FIRST = new Uint8Array(64);
const FIRST_H = new Int32Array(8);
let firstKept = false;

function sameFirstBlock(m: Uint8Array): boolean {
  if (!firstKept) return false;
  for (let i = 0; i < 64; i++) if (m[i] !== FIRST[i]) return false;
  return true;
}

/** A message buffer for the short texts hashed most (dice labels, orders), reused; longer ones get their own. */
const SMALL = new Uint8Array(1024);

export function sha256(data: Uint8Array | string): Uint8Array {
  const n = typeof data === 'string' ? utf8Length(data) : data.length;
  // The message, a 1 bit, zeros, and its length in bits (64 bits, big-endian), in 64-byte blocks.
  const end = ((n + 9 + 63) >> 6) << 6;
  const m = end <= SMALL.length ? SMALL : new Uint8Array(end);
  if (typeof data === 'string') utf8Into(data, m);
  else m.set(data);
  m.fill(0, n, end);
  m[n] = 0x80;
  const bits = n * 8;
  const hi = Math.floor(bits / 0x100000000);
  const lo = bits >>> 0;
  m[end - 8] = hi >>> 24;
  m[end - 7] = (hi >>> 16) & 255;
  m[end - 6] = (hi >>> 8) & 255;
  m[end - 5] = hi & 255;
  m[end - 4] = lo >>> 24;
  m[end - 3] = (lo >>> 16) & 255;
  m[end - 2] = (lo >>> 8) & 255;
  m[end - 1] = lo & 255;
  let at = 0;
  if (end > 64 && sameFirstBlock(m)) {
    H.set(FIRST_H);
    at = 64;
  } else {
    H[0] = 0x6a09e667;
    H[1] = 0xbb67ae85;
    H[2] = 0x3c6ef372;
    H[3] = 0xa54ff53a;
    H[4] = 0x510e527f;
    H[5] = 0x9b05688c;
    H[6] = 0x1f83d9ab;
    H[7] = 0x5be0cd19;
    if (end > 64) {
      compress(m, 0);
      FIRST.set(m.subarray(0, 64));
      FIRST_H.set(H);
      firstKept = true;
      at = 64;
    }
  }
  for (; at < end; at += 64) compress(m, at);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const v = H[i] as number;
    out[i * 4] = v >>> 24;
    out[i * 4 + 1] = (v >>> 16) & 255;
    out[i * 4 + 2] = (v >>> 8) & 255;
    out[i * 4 + 3] = v & 255;
  }
  return out;
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i] as number];
  return s;
}

export const sha256Hex = (data: Uint8Array | string): string => bytesToHex(sha256(data));
