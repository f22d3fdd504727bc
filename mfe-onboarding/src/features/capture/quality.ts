/*
 * The photo quality check (docs/product-rules.md, "Documents and capture"): on a downscaled
 * grayscale copy (longest side QUALITY_SIDE), before anything is sent. Plain code, no library:
 * it travels only in the capture screens' chunk. Thresholds are calibrated on the sample
 * images of quality.test.ts (sharp, blurred, dark, glare) and, for glare, on the labelled set of
 * glare-samples.ts (white documents vs reflections, quality.glare.test.ts).
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
  /** Luminance counted as saturated, and the share of the frame in bright spots that is glare. */
  glareLevel: 250,
  glareShare: 0.02,
  /**
   * A bright SPOT, not a bright page (a screenshot of a white bill is saturated almost
   * everywhere): a saturated patch counts only if it covers at most this share of the frame...
   */
  spotMaxShare: 0.4,
  /** ...the page around it is darker (median of a ring around it at most glareLevel - this)... */
  spotContrast: 15,
  /**
   * ...and it fades out like light does: just outside its edge the page is still bright (median
   * at least spotEdgeLevel) and brighter than further out (by spotFalloff), where a white shape
   * drawn on a screen ends sharply, on print or on a flat background.
   */
  spotEdgeLevel: 200,
  spotFalloff: 8,
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
  const glare = glareSpotShare(gray, width, height);
  const issues: QualityIssue[] = [];
  const dark = mean < QUALITY_LIMITS.darkMean || p95 < QUALITY_LIMITS.darkP95;
  if (dark) issues.push('dark');
  // A dark photo has a low Laplacian too: say only what the driver can fix first.
  else if (laplacian < QUALITY_LIMITS.blurVariance) issues.push('blurred');
  if (glare > QUALITY_LIMITS.glareShare) issues.push('glare');
  return { issues, mean, p95, laplacian, glare };
}

const medianOf = (histogram: Uint32Array, total: number) => {
  let seen = 0;
  for (let level = 0; level < 256; level++) {
    seen += histogram[level] ?? 0;
    if (seen * 2 >= total) return level;
  }
  return 255;
};

/**
 * The share of the frame covered by reflections: the saturated patches (4-connected) that are
 * spots, brighter than the page around them and fading out at their edge. A page that is white
 * (a screenshot, a PDF, an over-exposed sheet) is a patch as large as the page, or ends on a sharp
 * edge: not a reflection.
 */
export function glareSpotShare(gray: ArrayLike<number>, width: number, height: number): number {
  const count = width * height;
  const { glareLevel, glareShare, spotMaxShare, spotContrast, spotEdgeLevel, spotFalloff } = QUALITY_LIMITS;
  const visited = new Uint8Array(count);
  const stack = new Int32Array(count);
  const edge = new Uint32Array(256);
  const ring = new Uint32Array(256);
  // Patches smaller than this cannot add up to glare on their own in any usual number (a few spots).
  const minArea = Math.max(4, Math.round((count * glareShare) / 8));
  let spotPixels = 0;
  for (let start = 0; start < count; start++) {
    if (visited[start] || (gray[start] ?? 0) < glareLevel) continue;
    edge.fill(0);
    let edgeCount = 0;
    let area = 0;
    let minX = width;
    let maxX = 0;
    let minY = height;
    let maxY = 0;
    let top = 0;
    stack[top++] = start;
    visited[start] = 1;
    while (top > 0) {
      const i = stack[--top] ?? 0;
      const x = i % width;
      const y = (i - x) / width;
      area++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      // The 4 neighbours, without an array per pixel (this runs for most of a white page).
      for (let k = 0; k < 4; k++) {
        const j =
          k === 0
            ? x > 0
              ? i - 1
              : -1
            : k === 1
              ? x < width - 1
                ? i + 1
                : -1
              : k === 2
                ? y > 0
                  ? i - width
                  : -1
                : y < height - 1
                  ? i + width
                  : -1;
        if (j < 0) continue;
        const value = gray[j] ?? 0;
        if (value < glareLevel) {
          edge[value] = (edge[value] ?? 0) + 1;
          edgeCount++;
        } else if (!visited[j]) {
          visited[j] = 1;
          stack[top++] = j;
        }
      }
    }
    if (area < minArea || area > count * spotMaxShare) continue;
    // A white shape on a screen ends sharply (on print or its background): light fades out.
    const edgeMedian = edgeCount > 0 ? medianOf(edge, edgeCount) : 0;
    if (edgeMedian < spotEdgeLevel) continue;
    // The ring around the patch's box (a quarter of its size wide) is the page it lies on.
    const margin = Math.max(8, Math.round(Math.max(maxX - minX, maxY - minY) / 4));
    ring.fill(0);
    let ringCount = 0;
    for (let y = Math.max(0, minY - margin); y <= Math.min(height - 1, maxY + margin); y++)
      for (let x = Math.max(0, minX - margin); x <= Math.min(width - 1, maxX + margin); x++) {
        if (x >= minX && x <= maxX && y >= minY && y <= maxY) continue;
        const value = gray[y * width + x] ?? 0;
        ring[value] = (ring[value] ?? 0) + 1;
        ringCount++;
      }
    // Nothing around it (the patch fills the frame) or a page as bright as the patch: not a spot.
    if (ringCount < area / 4) continue;
    const ringMedian = medianOf(ring, ringCount);
    if (ringMedian > glareLevel - spotContrast || ringMedian > edgeMedian - spotFalloff) continue;
    spotPixels += area;
  }
  return spotPixels / count;
}

/** The grayscale copy of a decoded image, longest side at most QUALITY_SIDE. */
export function grayscaleOf(source: CanvasImageSource, width: number, height: number): { gray: Uint8Array; width: number; height: number } {
  const scale = Math.min(1, QUALITY_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  // eslint-disable-next-line floor/web-api-options -- a hint: Safari before 18 ignores the member (WebIDL) and reads back as fast as it can
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('canvas 2d unavailable');
  context.drawImage(source, 0, 0, w, h);
  const rgba = context.getImageData(0, 0, w, h).data;
  const gray = new Uint8Array(w * h);
  for (let i = 0; i < gray.length; i++)
    gray[i] = ((rgba[i * 4] ?? 0) * 77 + (rgba[i * 4 + 1] ?? 0) * 150 + (rgba[i * 4 + 2] ?? 0) * 29) >> 8;
  return { gray, width: w, height: h };
}
