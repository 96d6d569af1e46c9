// Hand-built PNGs of any declared size that stay a few kilobytes: black 1-bit rows deflate to almost nothing. Tests
// use them for pixel bombs (a huge header over a small file) and for files whose data stops before the last row.
import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid PNG of `width`×`height` black pixels when `rows` is left out; with `rows` below `height`, a PNG whose
 * header and checksums are right but whose pixel data ends early (as a cut-off upload does).
 */
export function largeBlackPng(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte 0, then the packed pixels
  const pixels = deflateSync(Buffer.concat(Array.from({ length: rows }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
