import { checkQuality, grayscaleOf, type QualityReport } from './quality';

/*
 * Light uploads (docs/product-rules.md, "Documents and capture"): every photo is decoded with
 * its EXIF orientation applied (createImageBitmap, else an <img> on the browser floor's older
 * Chromium: decode below), resized to PHOTO_MAX_SIDE and re-encoded as JPEG through a
 * canvas, which also drops every metadata field (GPS included). The quality check reads a
 * 512 px grayscale copy of the same decoded image.
 */

export const PHOTO_MAX_SIDE = 1800;
export const PHOTO_MAX_BYTES = 700 * 1024;
/** What a photo file may weigh before it is even decoded (a 50 MP JPEG is about 25 MB). */
export const PHOTO_INPUT_MAX_BYTES = 30 * 1024 * 1024;
/** The CRLV PDF is sent as it is. */
export const PDF_MAX_BYTES = 2 * 1024 * 1024;
/** The original app's compression (document 1, "Business constants"). */
const FIRST_QUALITY = 0.8;

export const FILE_TEXTS = {
  empty: 'Imagem não capturada, por favor tire novamente!',
  notImage: 'Este arquivo não é uma foto. Escolha uma imagem JPEG ou PNG.',
  unreadable: 'Não foi possível abrir esta foto. Tire outra ou escolha outro arquivo.',
  photoTooLarge: 'Esta foto é grande demais (mais de 30 MB). Escolha outra.',
  notPdf: 'O CRLV deve ser um arquivo PDF.',
  pdfTooLarge: 'Este PDF é grande demais: o limite é de 2 MB.',
} as const;

export class FileProblem extends Error {}

export interface PreparedPhoto {
  blob: Blob;
  width: number;
  height: number;
  report: QualityReport;
}

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob && blob.size > 0 ? resolve(blob) : reject(new FileProblem(FILE_TEXTS.empty))), 'image/jpeg', quality);
  });
}

/** A photo decoded upright (EXIF orientation applied), ready to draw on a canvas. */
interface DecodedPhoto {
  source: CanvasImageSource;
  width: number;
  height: number;
  /** Frees what decoding held (the bitmap, or the image's object URL). */
  release(): void;
}

/**
 * Decodes a photo upright. `createImageBitmap` with `imageOrientation: 'from-image'` first (no
 * DOM element, off the main thread where the engine can); where it is missing or rejects the
 * option with a TypeError (WebIDL's answer to an enum value it does not know: Chromium 105-111,
 * which know only 'none' and 'flipY', so Android WebViews of the browser floor), an
 * HTMLImageElement, which every engine of the floor draws with its EXIF orientation applied
 * (CSS `image-orientation: from-image` is the default since Chromium 81, Safari 13.1 and
 * Firefox 77). A file neither can decode (a HEIC photo outside Safari, a damaged file) is
 * FILE_TEXTS.unreadable.
 */
async function decode(file: Blob): Promise<DecodedPhoto> {
  if (typeof createImageBitmap === 'function') {
    try {
      // eslint-disable-next-line floor/web-api-options -- a TypeError (Chromium 105-111) or no createImageBitmap falls back to decodeWithImage
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch (error) {
      // The engine could not decode the file (an InvalidStateError): an <img> could not either.
      if (!(error instanceof TypeError)) throw new FileProblem(FILE_TEXTS.unreadable);
    }
  }
  return decodeWithImage(file);
}

/** The fallback decoder: an <img> of the file's object URL, its natural size upright. */
function decodeWithImage(file: Blob): Promise<DecodedPhoto> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  return new Promise((resolve, reject) => {
    image.onload = () =>
      resolve({ source: image, width: image.naturalWidth, height: image.naturalHeight, release: () => URL.revokeObjectURL(url) });
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new FileProblem(FILE_TEXTS.unreadable));
    };
    image.src = url;
  });
}

/** Checks, orients, resizes and re-encodes a captured or chosen photo. */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  if (file.size === 0) throw new FileProblem(FILE_TEXTS.empty);
  if (file.type !== '' && !file.type.startsWith('image/')) throw new FileProblem(FILE_TEXTS.notImage);
  if (file.size > PHOTO_INPUT_MAX_BYTES) throw new FileProblem(FILE_TEXTS.photoTooLarge);
  const photo = await decode(file);
  try {
    if (photo.width === 0 || photo.height === 0) throw new FileProblem(FILE_TEXTS.empty);
    const gray = grayscaleOf(photo.source, photo.width, photo.height);
    const report = checkQuality(gray.gray, gray.width, gray.height);
    let scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(photo.width, photo.height));
    let quality = FIRST_QUALITY;
    for (;;) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(photo.width * scale);
      canvas.height = Math.round(photo.height * scale);
      const context = canvas.getContext('2d');
      if (!context) throw new FileProblem(FILE_TEXTS.unreadable);
      context.drawImage(photo.source, 0, 0, canvas.width, canvas.height);
      const blob = await toBlob(canvas, quality);
      // Lower the quality a little first (text stays legible at 0.6), then the size.
      if (blob.size <= PHOTO_MAX_BYTES || (scale < 0.3 && quality <= 0.6))
        return { blob, width: canvas.width, height: canvas.height, report };
      if (quality > 0.6) quality -= 0.1;
      else scale *= 0.85;
    }
  } finally {
    photo.release();
  }
}

/** A PDF for the CRLV: by type or, when the webview gives none, by extension and its first bytes. */
export async function checkPdf(file: File): Promise<File> {
  if (file.size === 0) throw new FileProblem(FILE_TEXTS.notPdf);
  const head = String.fromCharCode(...(await bytesOf(file.slice(0, 5))));
  if (head !== '%PDF-') throw new FileProblem(FILE_TEXTS.notPdf);
  if (file.size > PDF_MAX_BYTES) throw new FileProblem(FILE_TEXTS.pdfTooLarge);
  return file;
}

/** Base64 of a blob, without a `data:` prefix (the documents' `content`). */
export async function base64Of(blob: Blob): Promise<string> {
  const bytes = await bytesOf(blob);
  let binary = '';
  // In chunks: String.fromCharCode takes a limited number of arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A blob's bytes; through FileReader where a webview's Blob lacks `arrayBuffer` (older WebViews). */
async function bytesOf(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}
