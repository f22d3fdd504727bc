/*
 * A labelled set of grayscale images for the glare check (test code only, never imported by the
 * app): white documents that carry no glare (screenshots of digital bills, PDF pages in a viewer,
 * white cards in an app, brightly lit and over-exposed white pages) and document photos with a
 * real specular reflection (a flash or a lamp: light ADDED to the page, saturating a core and
 * fading out over its edge, washing out the print under it). Deterministic: a seed per image.
 */

export interface Sample {
  name: string;
  gray: Uint8Array;
  width: number;
  height: number;
  /** True for a photo with a reflection the driver must be told about. */
  glare: boolean;
}

/** Deterministic pseudo-random numbers, so the set never changes. */
export function random(seed: number): () => number {
  let state = seed % 2147483648;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

class Canvas {
  readonly data: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
    fill: number,
  ) {
    this.data = new Float32Array(width * height).fill(fill);
  }
  rect(x0: number, y0: number, w: number, h: number, value: number) {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(this.height, Math.round(y0 + h)); y++)
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(this.width, Math.round(x0 + w)); x++) this.data[y * this.width + x] = value;
  }
  /** Lines of print: glyph-sized boxes with ragged (anti-aliased) edges. */
  text(next: () => number, x0: number, y0: number, w: number, h: number, ink: number, lineHeight: number, glyphHeight: number) {
    for (let line = y0; line + glyphHeight < y0 + h; line += lineHeight) {
      const lineEnd = x0 + w * (0.5 + next() * 0.5);
      for (let x = x0; x < lineEnd;) {
        const glyph = 2 + Math.floor(next() * 5);
        if (next() > 0.15)
          for (let y = line; y < line + glyphHeight; y++)
            for (let dx = 0; dx < glyph; dx++) {
              const i = Math.round(y) * this.width + Math.round(x + dx);
              const coverage = next();
              if (coverage > 0.3 && i < this.data.length) this.data[i] = coverage > 0.6 ? ink : (this.data[i] ?? 0) * 0.5 + ink * 0.5;
            }
        x += glyph + 1 + (next() > 0.85 ? 4 : 0);
      }
    }
  }
  /** The same print, photographed: slightly soft (one 3x3 box blur). */
  soften() {
    const copy = this.data.slice();
    for (let y = 1; y < this.height - 1; y++)
      for (let x = 1; x < this.width - 1; x++) {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += copy[(y + dy) * this.width + x + dx] ?? 0;
        this.data[y * this.width + x] = sum / 9;
      }
  }
  toGray(next: () => number, noise: number): Uint8Array {
    const gray = new Uint8Array(this.data.length);
    for (let i = 0; i < gray.length; i++) gray[i] = clamp((this.data[i] ?? 0) + (noise > 0 ? (next() - 0.5) * 2 * noise : 0));
    return gray;
  }
}

/** A digital bill as the phone renders it: white page, header band, tables, print, a barcode. */
function billScreenshot(seed: number, width: number, height: number): Sample {
  const next = random(seed);
  const page = new Canvas(width, height, 255);
  const headerHeight = height * (0.06 + next() * 0.1);
  if (next() > 0.4) page.rect(0, 0, width, headerHeight, 40 + next() * 150);
  page.text(next, width * 0.06, headerHeight + 14, width * 0.88, height * 0.25, 30, 14, 8);
  // A table: ruled lines, white cells with print.
  const tableTop = headerHeight + height * 0.3;
  const rows = 4 + Math.floor(next() * 5);
  const rowHeight = (height * 0.35) / rows;
  for (let row = 0; row <= rows; row++) page.rect(width * 0.05, tableTop + row * rowHeight, width * 0.9, 1, 120);
  for (let row = 0; row < rows; row++) page.text(next, width * 0.08, tableTop + row * rowHeight + 4, width * 0.8, rowHeight - 6, 50, 14, 7);
  // A barcode at the foot.
  for (let x = width * 0.1; x < width * 0.9; x += 2 + Math.floor(next() * 3))
    if (next() > 0.5) page.rect(x, height * 0.85, 1 + Math.floor(next() * 2), height * 0.08, 0);
  return { name: `bill screenshot #${seed}`, gray: page.toGray(next, 0), width, height, glare: false };
}

/** A PDF page in a viewer: a white page with sharp edges on a grey (or dark) frame. */
function pdfInViewer(seed: number, width: number, height: number): Sample {
  const next = random(seed);
  const frame = next() > 0.5 ? 82 : 200 + next() * 30;
  const canvas = new Canvas(width, height, frame);
  const marginX = width * (0.08 + next() * 0.15);
  const marginY = height * (0.04 + next() * 0.08);
  canvas.rect(marginX, marginY, width - 2 * marginX, height - 2 * marginY, 255);
  canvas.text(next, marginX + 16, marginY + 20, width - 2 * marginX - 32, height - 2 * marginY - 40, 25, 13, 7);
  return { name: `PDF page in a viewer #${seed}`, gray: canvas.toGray(next, 0), width, height, glare: false };
}

/** An app screen: white cards (some without print) on a light or dark background. */
function whiteCards(seed: number, width: number, height: number): Sample {
  const next = random(seed);
  const canvas = new Canvas(width, height, next() > 0.5 ? 18 + next() * 30 : 210 + next() * 36);
  let top = height * 0.05;
  while (top < height * 0.85) {
    const cardHeight = height * (0.12 + next() * 0.25);
    canvas.rect(width * 0.05, top, width * 0.9, cardHeight, 255);
    if (next() > 0.3) canvas.text(next, width * 0.1, top + 10, width * 0.8, cardHeight - 20, 40, 14, 8);
    top += cardHeight + 12;
  }
  return { name: `white cards in an app #${seed}`, gray: canvas.toGray(next, 0), width, height, glare: false };
}

/** A white page photographed in strong light: paper near (or at) saturation, soft print, noise, vignetting. */
function brightPage(seed: number, width: number, height: number): Sample {
  const next = random(seed);
  const paper = 238 + next() * 22; // up to 260: the centre of the page burns out
  const canvas = new Canvas(width, height, paper);
  canvas.text(next, width * 0.08, height * 0.08, width * 0.84, height * 0.84, 60, 16, 9);
  canvas.soften();
  // Vignetting: the borders of the frame a little darker.
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const dx = x / width - 0.5;
      const dy = y / height - 0.5;
      const i = y * width + x;
      canvas.data[i] = (canvas.data[i] ?? 0) * (1 - 0.25 * (dx * dx + dy * dy));
    }
  return { name: `bright white page (paper ${Math.round(paper)}) #${seed}`, gray: canvas.toGray(next, 5), width, height, glare: false };
}

/** A document photo (paper darker than white, print, noise) before any reflection. */
function documentPhoto(next: () => number, width: number, height: number): Canvas {
  const paper = 165 + next() * 60;
  const canvas = new Canvas(width, height, paper);
  // The table around the document, when the photo is not cropped tight.
  if (next() > 0.5) {
    const table = 40 + next() * 60;
    const margin = 10 + next() * 30;
    canvas.rect(0, 0, width, margin, table);
    canvas.rect(0, height - margin, width, margin, table);
    canvas.rect(0, 0, margin, height, table);
    canvas.rect(width - margin, 0, margin, height, table);
  }
  canvas.text(next, width * 0.08, height * 0.1, width * 0.84, height * 0.8, 30 + next() * 30, 16, 9);
  canvas.soften();
  return canvas;
}

/** Adds a specular reflection: an elliptical spot of light with a Gaussian fall-off (light adds to the page). */
function reflect(canvas: Canvas, next: () => number, cx: number, cy: number, radius: number, stretch: number, peak: number) {
  const angle = next() * Math.PI;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const reach = radius * stretch * 3;
  for (let y = Math.max(0, Math.floor(cy - reach)); y < Math.min(canvas.height, cy + reach); y++)
    for (let x = Math.max(0, Math.floor(cx - reach)); x < Math.min(canvas.width, cx + reach); x++) {
      const u = ((x - cx) * cos + (y - cy) * sin) / (radius * stretch);
      const v = (-(x - cx) * sin + (y - cy) * cos) / radius;
      const i = y * canvas.width + x;
      canvas.data[i] = (canvas.data[i] ?? 0) + peak * Math.exp(-(u * u + v * v) / 2);
    }
}

const saturatedShare = (canvas: Canvas) => canvas.data.reduce((count, value) => (value >= 250 ? count + 1 : count), 0) / canvas.data.length;

/**
 * A document photo with one or two reflections of a size the driver must be told about: the
 * print they wash out (saturated) covers 3 % to 30 % of the frame. Larger than that the photo is
 * burnt, not reflected; smaller, the document is still readable.
 */
function glarePhoto(seed: number, width: number, height: number): Sample {
  const next = random(seed);
  const base = documentPhoto(next, width, height);
  for (;;) {
    const canvas = new Canvas(width, height, 0);
    canvas.data.set(base.data);
    const spots = next() > 0.75 ? 2 : 1;
    const kinds: string[] = [];
    for (let spot = 0; spot < spots; spot++) {
      const radius = Math.min(width, height) * (0.05 + next() * 0.12);
      const stretch = next() > 0.6 ? 2 + next() * 2 : 1 + next() * 0.4; // a lamp's tube is a streak
      const peak = 120 + next() * 220;
      reflect(canvas, next, width * (0.15 + next() * 0.7), height * (0.15 + next() * 0.7), radius, stretch, peak);
      kinds.push(`${stretch > 1.5 ? 'streak' : 'spot'} r${Math.round(radius)}`);
    }
    const washed = saturatedShare(canvas);
    if (washed >= 0.03 && washed <= 0.3)
      return {
        name: `document photo with ${kinds.join(' + ')} (${Math.round(washed * 100)} % washed out) #${seed}`,
        gray: canvas.toGray(next, 4),
        width,
        height,
        glare: true,
      };
  }
}

/**
 * The whole labelled set, at the size the check reads (longest side 512): `perKind` of each kind
 * of white document and four times as many reflections. Another `seedBase` gives another set
 * (the thresholds were tuned on seedBase 0; other bases are held out).
 */
export function glareSampleSet(perKind = 30, seedBase = 0): Sample[] {
  const sizes: Array<[number, number]> = [
    [512, 340], // a card or a bill photographed in landscape
    [340, 512], // a page in portrait
    [236, 512], // a phone screenshot (9:19.5)
  ];
  const samples: Sample[] = [];
  for (let i = 0; i < perKind; i++) {
    const [width, height] = sizes[i % sizes.length] ?? [512, 340];
    const seed = seedBase + i;
    samples.push(billScreenshot(1000 + seed, width, height));
    samples.push(pdfInViewer(2000 + seed, width, height));
    samples.push(whiteCards(3000 + seed, width, height));
    samples.push(brightPage(4000 + seed, width, height));
    samples.push(glarePhoto(5000 + seed, width, height));
    samples.push(glarePhoto(6000 + seed, width, height));
    samples.push(glarePhoto(7000 + seed, width, height));
    samples.push(glarePhoto(8000 + seed, width, height));
  }
  return samples;
}
