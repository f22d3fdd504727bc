import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.cjs';
import type { Page } from '@playwright/test';

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

/** A photo made in the page: a document, optionally dark or blurred, with EXIF orientation 6 when asked. */
export async function documentPhoto(page: Page, kind: 'sharp' | 'dark' | 'blurred', options: { rotated?: boolean } = {}): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ kind, rotated }) => {
      const canvas = document.createElement('canvas');
      canvas.width = rotated ? 1600 : 1200;
      canvas.height = rotated ? 1200 : 1600;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.fillStyle = kind === 'dark' ? '#141414' : '#d8d8d4';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.fillStyle = kind === 'dark' ? '#050505' : '#282828';
      let seed = 5;
      for (let y = 120; y < canvas.height - 100; y += 60)
        for (let x = 80; x < canvas.width - 100; x += 30) {
          seed = (seed * 9301 + 49297) % 233280;
          if (seed / 233280 > 0.25) context.fillRect(x, y, 8 + (seed % 16), 28);
        }
      let output = canvas;
      if (kind === 'blurred') {
        // One filtered copy of the finished page (filtering every shape is slow in software).
        output = document.createElement('canvas');
        output.width = canvas.width;
        output.height = canvas.height;
        const blurring = output.getContext('2d');
        if (!blurring) throw new Error('no canvas');
        blurring.filter = 'blur(6px)';
        blurring.drawImage(canvas, 0, 0);
      }
      const blob = await new Promise<Blob>((resolve) => output.toBlob((made) => resolve(made as Blob), 'image/jpeg', 0.95));
      let bytes = new Uint8Array(await blob.arrayBuffer());
      if (rotated) {
        // An APP1 Exif segment after SOI: Orientation 6 (rotate 90° clockwise) and a camera make.
        const tiff = [
          0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 2, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0x0f, 0x01, 2, 0, 6, 0, 0, 0, 38, 0, 0, 0, 0, 0,
          0, 0, 0x43, 0x61, 0x6d, 0x65, 0x72, 0,
        ];
        const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
        const segment = [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
        bytes = new Uint8Array([...bytes.slice(0, 2), ...segment, ...bytes.slice(2)]);
      }
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { kind, rotated: options.rotated ?? false },
  );
  return Buffer.from(base64, 'base64');
}
