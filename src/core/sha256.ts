/**
 * SHA-256 (FIPS 180-4) for the pure core, so that it can derive dice without any platform library:
 * @noble/hashes, an audited implementation in plain JavaScript with no dependency and no I/O.
 * Text is hashed as its UTF-8 bytes (a lone surrogate, which no order text holds, as U+FFFD), as
 * `printf %s ... | sha256sum` does. Checked against node:crypto in the tests.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function sha256(data: Uint8Array | string): Uint8Array {
  return nobleSha256(typeof data === 'string' ? utf8ToBytes(data) : data);
}

export const sha256Hex = (data: Uint8Array | string): string => bytesToHex(sha256(data));
