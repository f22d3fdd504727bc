import { FILE_TEXTS, FileProblem, PHOTO_MAX_SIDE, preparePhoto } from './image';

/*
 * The photo decoder on the browser floor (docs/browsers.md): createImageBitmap with
 * `imageOrientation: 'from-image'` where the engine has it; an <img> where createImageBitmap is
 * missing or rejects the option with a TypeError, as Chromium 105-111 (Android WebViews of the
 * floor) do. jsdom has no canvas and loads no image, so both are stood in for here: what the
 * canvas is given to draw and at what size, and what the decoder asks of the image, are what
 * these tests read. The engines themselves decode real EXIF-rotated JPEGs in the e2e
 * (e2e/engines/journeys-floor.mjs, in Chromium, Firefox and WebKit).
 */

/** A JPEG's first bytes: the type check before decoding only needs a non-empty image file. */
const photoFile = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 8, 0x45, 0x78, 0x69, 0x66])], 'licenca.jpg', { type: 'image/jpeg' });

/** Chromium 105-111's answer to `imageOrientation: 'from-image'`. */
const chromium111 = () =>
  new TypeError(
    "Failed to execute 'createImageBitmap' on 'Window': The provided value 'from-image' is not a valid enum value of type ImageOrientation.",
  );

const drawn: { source: unknown; width: number; height: number }[] = [];
const loaded: string[] = [];
let imageOutcome: 'load' | 'error' = 'load';
/** The upright size the <img> reports of the EXIF-6 photo (stored 2000x1500 sideways). */
const UPRIGHT = { width: 1500, height: 2000 };
const realCreateImageBitmap = Object.getOwnPropertyDescriptor(globalThis, 'createImageBitmap');

beforeEach(() => {
  drawn.length = 0;
  loaded.length = 0;
  imageOutcome = 'load';
  URL.createObjectURL = jest.fn(() => `blob:photo-${loaded.length + 1}`);
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const context = {
      drawImage: (source: unknown, _x: number, _y: number, width: number, height: number) => drawn.push({ source, width, height }),
      getImageData: (_x: number, _y: number, width: number, height: number) => {
        // A page of text: light with dark strokes (neither dark nor blurred).
        const data = new Uint8ClampedArray(width * height * 4);
        for (let i = 0; i < width * height; i++) data.fill(i % 7 === 0 ? 30 : 210, i * 4, i * 4 + 4);
        return { data, width, height };
      },
      canvas: this,
    };
    return context as unknown as RenderingContext;
  } as typeof HTMLCanvasElement.prototype.getContext);
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback: BlobCallback, type?: string) {
    setTimeout(() => callback(new Blob([new Uint8Array(200 * 1024)], { type: type ?? 'image/png' })));
  });
  jest.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLImageElement, url: string) {
    loaded.push(url);
    setTimeout(() => (imageOutcome === 'load' ? this.onload : this.onerror)?.call(this, new Event(imageOutcome)));
  });
  jest.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockImplementation(() => UPRIGHT.width);
  jest.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockImplementation(() => UPRIGHT.height);
});

afterEach(() => {
  jest.restoreAllMocks();
  if (realCreateImageBitmap) Object.defineProperty(globalThis, 'createImageBitmap', realCreateImageBitmap);
  else delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
});

/** Puts a createImageBitmap on the page (or takes it away with `undefined`). */
function withCreateImageBitmap(implementation: ((source: Blob, options?: ImageBitmapOptions) => Promise<ImageBitmap>) | undefined) {
  if (implementation === undefined) {
    delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
    return undefined;
  }
  const mock = jest.fn(implementation);
  Object.defineProperty(globalThis, 'createImageBitmap', { value: mock, configurable: true, writable: true });
  return mock;
}

/** What the <img> fallback must have done: one object URL, drawn upright and scaled, URL freed. */
function expectDrawnThroughAnImage(prepared: Awaited<ReturnType<typeof preparePhoto>>) {
  expect(loaded).toEqual(['blob:photo-1']);
  expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  expect(drawn.length).toBeGreaterThanOrEqual(2);
  for (const { source } of drawn) expect(source).toBeInstanceOf(HTMLImageElement);
  // Upright (taller than wide, as the <img> reports it) and at most PHOTO_MAX_SIDE.
  expect(prepared).toMatchObject({ width: 1350, height: PHOTO_MAX_SIDE });
  expect(drawn.at(-1)).toMatchObject({ width: 1350, height: PHOTO_MAX_SIDE });
  expect(prepared.blob.type).toBe('image/jpeg');
  expect(prepared.report.issues).toEqual([]);
  expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:photo-1');
}

describe('preparePhoto on the browser floor', () => {
  it('with createImageBitmap and its option, decodes the bitmap upright, draws it and frees it', async () => {
    const close = jest.fn();
    const bitmap = { width: 1500, height: 2000, close } as unknown as ImageBitmap;
    const create = withCreateImageBitmap(async () => bitmap);
    const prepared = await preparePhoto(photoFile());
    expect(create).toHaveBeenCalledWith(expect.any(File), { imageOrientation: 'from-image' });
    expect(loaded).toEqual([]);
    expect(drawn.every(({ source }) => source === bitmap)).toBe(true);
    expect(prepared).toMatchObject({ width: 1350, height: PHOTO_MAX_SIDE });
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('without createImageBitmap (removed from the page), decodes through an <img> and sends the photo upright', async () => {
    withCreateImageBitmap(undefined);
    expect(typeof (globalThis as { createImageBitmap?: unknown }).createImageBitmap).toBe('undefined');
    expectDrawnThroughAnImage(await preparePhoto(photoFile()));
  });

  it("where createImageBitmap throws a TypeError for imageOrientation 'from-image' (Chromium 105-111), decodes through an <img>", async () => {
    const create = withCreateImageBitmap(async (_source, options) => {
      if (options?.imageOrientation === 'from-image') throw chromium111();
      throw new Error('called without the option');
    });
    expectDrawnThroughAnImage(await preparePhoto(photoFile()));
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('a file the engine cannot decode (a HEIC photo in Chromium) is refused with the message, without an <img> try', async () => {
    withCreateImageBitmap(async () => {
      throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    });
    const refusal = preparePhoto(
      new File([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])], 'IMG_0001.HEIC', { type: 'image/heic' }),
    );
    await expect(refusal).rejects.toThrow(new FileProblem(FILE_TEXTS.unreadable));
    expect(loaded).toEqual([]);
  });

  it('on the fallback, a file the <img> cannot decode either is refused with the message and its URL freed', async () => {
    withCreateImageBitmap(async () => {
      throw chromium111();
    });
    imageOutcome = 'error';
    await expect(preparePhoto(photoFile())).rejects.toThrow(FILE_TEXTS.unreadable);
    expect(loaded).toEqual(['blob:photo-1']);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:photo-1');
    expect(drawn).toEqual([]);
  });

  it('on the fallback, an image of no size is "Imagem não capturada..."', async () => {
    withCreateImageBitmap(undefined);
    jest.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockImplementation(() => 0);
    await expect(preparePhoto(photoFile())).rejects.toThrow(FILE_TEXTS.empty);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:photo-1');
  });
});
