/*
 * The photo quality check (docs/product-rules.md, "Documents and capture"): on a downscaled
 * grayscale copy (longest side QUALITY_SIDE), before anything is sent. Plain code, no library:
 * it travels only in the capture screens' chunk. Thresholds are calibrated on the sample
 * images of quality.test.ts (sharp, blurred, dark, glare).
 */

/** Longest side of the copy the check reads. */
export const QUALITY_SIDE = 512;

export const QUALITY_LIMITS = {
  /** Mean luminance under this is dark... */
  darkMean: 55,
  /** ...and so is a photo whose brightest 5 % stay under this (nothing lit in the frame). */
  darkP95: 90,
  /** Variance of the Laplacian under this is blurred (about 7900 sharp, 94 at a 3 px blur). */
  blurVariance: 120,
  /** Luminance counted as saturated, and the share of such pixels that is glare. */
  glareLevel: 250,
  glareShare: 0.02,
} as const;

export type QualityIssue = 'dark' | 'blurred' | 'glare';

export const QUALITY_TEXTS: Record<QualityIssue, string> = {
  dark: 'A foto ficou escura. Procure um lugar com mais luz.',
  blurred: 'A foto ficou desfocada. Apoie bem o celular e espere o foco antes de tirar.',
  glare: 'Há reflexo de luz sobre o documento. Incline-o ou afaste-se da luz direta.',
};

export interface QualityReport {
  issues: QualityIssue[];
  mean: number;
  p95: number;
  laplacian: number;
  glare: number;
}

/** Reads a grayscale image (one byte per pixel, row by row). */
export function checkQuality(gray: ArrayLike<number>, width: number, height: number): QualityReport {
  const count = width * height;
  const histogram = new Array<number>(256).fill(0);
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const value = gray[i] ?? 0;
    histogram[value] = (histogram[value] ?? 0) + 1;
    sum += value;
  }
  const mean = sum / count;
  let seen = 0;
  let p95 = 255;
  for (let level = 0; level < 256; level++) {
    seen += histogram[level] ?? 0;
    if (seen >= count * 0.95) {
      p95 = level;
      break;
    }
  }
  let saturated = 0;
  for (let level = QUALITY_LIMITS.glareLevel; level < 256; level++) saturated += histogram[level] ?? 0;
  // Variance of the 4-neighbour Laplacian over the inner pixels.
  let lapSum = 0;
  let lapSquares = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const value = 4 * (gray[i] ?? 0) - (gray[i - 1] ?? 0) - (gray[i + 1] ?? 0) - (gray[i - width] ?? 0) - (gray[i + width] ?? 0);
      lapSum += value;
      lapSquares += value * value;
      n++;
    }
  }
  const laplacian = n > 0 ? lapSquares / n - (lapSum / n) ** 2 : 0;
  const glare = saturated / count;
  const issues: QualityIssue[] = [];
  const dark = mean < QUALITY_LIMITS.darkMean || p95 < QUALITY_LIMITS.darkP95;
  if (dark) issues.push('dark');
  // A dark photo has a low Laplacian too: say only what the driver can fix first.
  else if (laplacian < QUALITY_LIMITS.blurVariance) issues.push('blurred');
  if (glare > QUALITY_LIMITS.glareShare) issues.push('glare');
  return { issues, mean, p95, laplacian, glare };
}

/** The grayscale copy of a decoded image, longest side at most QUALITY_SIDE. */
export function grayscaleOf(source: CanvasImageSource, width: number, height: number): { gray: Uint8Array; width: number; height: number } {
  const scale = Math.min(1, QUALITY_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('canvas 2d unavailable');
  context.drawImage(source, 0, 0, w, h);
  const rgba = context.getImageData(0, 0, w, h).data;
  const gray = new Uint8Array(w * h);
  for (let i = 0; i < gray.length; i++)
    gray[i] = ((rgba[i * 4] ?? 0) * 77 + (rgba[i * 4 + 1] ?? 0) * 150 + (rgba[i * 4 + 2] ?? 0) * 29) >> 8;
  return { gray, width: w, height: h };
}
