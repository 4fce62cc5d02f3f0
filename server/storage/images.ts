import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ApiError, fieldError } from '../http/api-error';
import { megabytes } from '../http/megabytes';
import type { ObjectStorage } from './object-storage';
import { checkSvg } from './svg-check';

/** The most an uploaded image may weigh, and its largest side once stored. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_SIDE = 1024;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);

export type ImageFolder = 'PROFILE' | 'ORG_IMAGE' | 'ENTITY_IMAGE';

/** The most a floor plan's picture may weigh as uploaded, and its largest side once stored. */
export const MAX_PLAN_BYTES = 20 * 1024 * 1024;
const MAX_PLAN_SIDE = 4096;

/**
 * Stores an uploaded image as .webp under a new unique key (spec §5),
 * deleting the image it replaces first. Anything sharp cannot read as a
 * picture is refused with a message saying so.
 */
export async function replaceImage(
  storage: ObjectStorage,
  folder: ImageFolder,
  upload: Buffer,
  previousKey: string | null,
): Promise<string> {
  if (upload.length === 0) throw fieldError('', 'The upload is empty; choose an image file.');
  if (upload.length > MAX_IMAGE_BYTES)
    throw new ApiError(413, `The image is larger than ${megabytes(MAX_IMAGE_BYTES)}; choose a smaller one.`);
  const format = await sharp(upload)
    .metadata()
    .then((metadata) => metadata.format)
    .catch(() => undefined);
  if (!format || !ACCEPTED.has(format)) {
    throw new ApiError(
      415,
      'The file is not an image we can use; upload a JPEG, PNG, WebP, GIF or AVIF picture.',
    );
  }
  const webp = await sharp(upload)
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  if (previousKey) await storage.delete(previousKey);
  const key = `${folder}/${randomUUID()}.webp`;
  await storage.put(key, webp, 'image/webp');
  return key;
}

/** A floor plan's picture as stored: its key, and its size in pixels (markers are placed in fractions of it). */
export interface StoredPlanImage {
  key: string;
  width: number;
  height: number;
}

/**
 * Stores a floor plan's picture as .webp under a new unique key, at most
 * MAX_PLAN_SIDE on its longest side; the picture it replaces is deleted by
 * the caller once the plan points at the new one. An SVG is checked
 * (svg-check.ts) and drawn into pixels here: what is stored and served is
 * always a raster picture, so nothing in an SVG can ever run in a browser.
 */
export async function storePlanImage(storage: ObjectStorage, upload: Buffer): Promise<StoredPlanImage> {
  if (upload.length === 0) throw fieldError('', "The upload is empty; choose the plan's picture.");
  if (upload.length > MAX_PLAN_BYTES)
    throw new ApiError(
      413,
      `The plan is larger than ${megabytes(MAX_PLAN_BYTES)}; export it at a smaller size.`,
    );
  const svg = looksLikeSvg(upload);
  if (svg) checkSvg(upload.toString('utf8'));
  const metadata = await sharp(upload)
    .metadata()
    .catch(() => undefined);
  const format = metadata?.format;
  if (!format || !(ACCEPTED.has(format) || (svg && format === 'svg'))) {
    throw new ApiError(
      415,
      'The file is not a picture of a plan we can use; upload a PNG, JPEG, WebP or SVG.',
    );
  }
  // An SVG is drawn at the density that makes its longest side MAX_PLAN_SIDE, so it is sharp, not scaled up.
  const longest = Math.max(metadata?.width ?? 0, metadata?.height ?? 0, 1);
  const density = svg ? Math.min(2400, Math.max(72, Math.round((72 * MAX_PLAN_SIDE) / longest))) : undefined;
  const { data, info } = await sharp(upload, density ? { density } : {})
    .rotate()
    .resize(MAX_PLAN_SIDE, MAX_PLAN_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new ApiError(415, 'The picture could not be read to the end; export the plan again, or as PNG.');
    });
  const key = `FLOOR_PLAN/${randomUUID()}.webp`;
  await storage.put(key, data, 'image/webp');
  return { key, width: info.width, height: info.height };
}

/** Markup (it starts with "<") with an svg element near its start: what sharp would read as SVG. */
function looksLikeSvg(upload: Buffer): boolean {
  const head = upload.subarray(0, 4096).toString('utf8');
  return /^\uFEFF?\s*</.test(head) && /<svg\b/i.test(head);
}
