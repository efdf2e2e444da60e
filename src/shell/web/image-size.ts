/**
 * The size in pixels of the docs' pictures (docs/images), for the width and height of their <img>
 * (web/markdown-inline.ts): a page that knows them keeps its place while the pictures load. Read
 * from the file's header, a few hundred bytes at most (PNG's IHDR, JPEG's start of frame), once per
 * file: the docs and their pictures are part of the installed package and do not change while it
 * runs. A file that cannot be read or is neither, an SVG say, has no size (null).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * A picture of the docs as served (web/docs.ts) and linked (web/markdown-inline.ts): a PNG or a
 * JPEG, the types whose size is read here. An SVG is neither served nor shown: served from the
 * archive's own address, a script in it would run as the archive's.
 */
export const DOC_IMAGE_FILE = /^[a-z0-9-]{1,60}\.(?:png|jpg|jpeg)$/;

export interface ImageSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** How much of a file is read: a PNG's size is in its first 24 bytes, a JPEG's usually in its first few KiB. */
const HEAD_BYTES = 64 * 1024;

/** A PNG's size: the IHDR chunk, first after the signature, holds the width and height. */
function pngSize(b: Buffer): ImageSize | null {
  if (b.length < 24 || PNG_SIGNATURE.some((x, i) => b[i] !== x)) return null;
  if (b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** A JPEG's size: the first start-of-frame marker (SOF0-SOF15 but DHT, JPG and DAC) after the segments before it. */
function jpegSize(b: Buffer): ImageSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return null;
}

/** An image's size from the start of its file, or null when it is neither a PNG nor a JPEG. */
export function imageSizeOf(head: Buffer): ImageSize | null {
  const size = pngSize(head) ?? jpegSize(head);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

function readHead(file: string): Buffer | null {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const b = Buffer.alloc(HEAD_BYTES);
    return b.subarray(0, readSync(fd, b, 0, HEAD_BYTES, 0));
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The sizes of the pictures in `dir`, by file name, each read once and kept. */
export function imageSizes(dir: string): (file: string) => ImageSize | null {
  const known = new Map<string, ImageSize | null>();
  return (file) => {
    if (!known.has(file)) {
      const head = /^[a-z0-9-]+\.(png|jpg)$/.test(file) ? readHead(resolve(dir, file)) : null;
      known.set(file, head ? imageSizeOf(head) : null);
    }
    return known.get(file) ?? null;
  };
}
