import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ApiError, fieldError } from '../http/api-error';
import { megabytes } from '../http/megabytes';
import type { ObjectStorage } from './object-storage';

/** The most an uploaded image may weigh, and its largest side once stored. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_SIDE = 1024;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);

export type ImageFolder = 'PROFILE' | 'ORG_IMAGE' | 'ENTITY_IMAGE';

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
