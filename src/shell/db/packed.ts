/**
 * Mail kept small (docs/gm-guide.md "The database's size"): the outbox keeps a mail's text and HTML
 * for resending, HISTORY and the local outbox pages, and its picture as the map's view model, all
 * deflated; the store hands them back as they were written. A value written before (plain text,
 * an SVG) is read as it is.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** Text as stored: deflated bytes. */
export const packText = (text: string): Buffer => deflateRawSync(Buffer.from(text, 'utf8'));

/** A stored value back as text: deflated bytes inflated, text (a row written before) as it is. */
export function unpackText(v: unknown): string {
  if (v instanceof Uint8Array) return inflateRawSync(v).toString('utf8');
  return String(v);
}

export const unpackNullable = (v: unknown): string | null => (v === null || v === undefined ? null : unpackText(v));
