import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.cjs';

/** What the capture specs share: Chromium's fake camera fed by a document-like frame, and reading JPEGs. */

/** A 960x720 frame of paper with lines of print, as a one-frame Y4M (4:2:0) the fake camera loops. */
export function documentFrame(): string {
  const width = 960;
  const height = 720;
  let seed = 11;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const luma = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) luma[y * width + x] = 190 + Math.round((x / width) * 25 + next() * 6);
  for (let line = 80; line < height - 60; line += 40) {
    for (let x = 60; x < width - 60;) {
      const glyph = 6 + Math.floor(next() * 12);
      if (next() > 0.2)
        for (let y = line; y < line + 20; y++) for (let dx = 0; dx < glyph; dx++) if (next() > 0.35) luma[y * width + x + dx] = 40;
      x += glyph + 4;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const folder = join(tmpdir(), 'driver-portal-e2e');
  const file = join(folder, 'document-frame.y4m');
  mkdirSync(folder, { recursive: true });
  // Written aside then renamed: another worker's Chromium may be reading the same file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(
    partial,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), Buffer.from('FRAME\n'), luma, chroma, chroma]),
  );
  renameSync(partial, file);
  return file;
}

/** Launch options giving the page Chromium's fake camera, which shows `documentFrame()` (a worker of its own). */
export function fakeCameraLaunch() {
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${documentFrame()}`,
    ],
  };
}

/** Width and height of a JPEG from its SOF segment. */
export function jpegSize(bytes: Buffer): { width: number; height: number } {
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error('no SOF');
}

/** A whole JPEG: starts with SOI and a marker, ends with EOI. */
export function isJpeg(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;
}

/** The JPEG's segments before the image data carry an Exif (APP1) block. */
export function hasExif(bytes: Buffer): boolean {
  let offset = 2;
  while (offset + 4 < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xda) return false;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker === 0xe1 && bytes.subarray(offset + 4, offset + 8).toString('latin1') === 'Exif') return true;
    offset += 2 + length;
  }
  return false;
}

/**
 * The quality a JPEG was encoded at, estimated from its luminance table's first (DC) entry, which
 * libjpeg scales from 16 (Chromium's encoder): 0.8 gives 6, 0.7 gives 10, 0.6 gives 13.
 */
export function jpegQuality(bytes: Buffer): number | undefined {
  let offset = 2;
  while (offset + 4 < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xda) return undefined;
    const length = bytes.readUInt16BE(offset + 2);
    // DQT, table 0 with 8-bit entries: its first entry follows the table's id byte.
    if (marker === 0xdb && bytes[offset + 4] === 0) {
      const scale = ((bytes[offset + 5] ?? 0) * 100) / 16;
      // To the encoder's steps of 0.1 (the entry is an integer, so only a range of qualities fits it).
      return Math.round((scale <= 100 ? (200 - scale) / 2 : 5000 / scale) / 10) / 10;
    }
    offset += 2 + length;
  }
  return undefined;
}
