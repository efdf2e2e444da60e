/**
 * The size of the docs' pictures from their headers (src/shell/web/image-size.ts), for the
 * width and height of their <img>: PNG and JPEG, nothing else, each file read once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageSizeOf, imageSizes } from '../../../src/shell/web/image-size.ts';

/** A PNG's first 24 bytes: the signature and the IHDR chunk's length, name, width and height. */
function pngHead(width: number, height: number): Buffer {
  const b = Buffer.alloc(24);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

/** A JPEG's start: SOI, an APP0 segment, then a baseline start of frame (SOF0). */
function jpegHead(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, ...new Array<number>(12).fill(0)]);
}

describe('the size of a picture', () => {
  it('reads a PNG and a JPEG, and nothing else', () => {
    expect(imageSizeOf(pngHead(390, 844))).toEqual({ width: 390, height: 844 });
    expect(imageSizeOf(jpegHead(1280, 720))).toEqual({ width: 1280, height: 720 });
    expect(imageSizeOf(Buffer.from('<svg width="10" height="10"/>'))).toBeNull();
    expect(imageSizeOf(pngHead(0, 10))).toBeNull();
    expect(imageSizeOf(Buffer.alloc(0))).toBeNull();
  });

  it('reads each file of a directory once, and knows no file outside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyho-images-'));
    try {
      writeFileSync(join(dir, 'a.png'), pngHead(2, 3));
      const size = imageSizes(dir);
      expect(size('a.png')).toEqual({ width: 2, height: 3 });
      writeFileSync(join(dir, 'a.png'), pngHead(5, 5));
      expect(size('a.png')).toEqual({ width: 2, height: 3 });
      expect(size('missing.png')).toBeNull();
      expect(size('../a.png')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
