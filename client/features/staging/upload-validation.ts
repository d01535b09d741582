import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '#shared/constants/staging.ts';
import { MAX_UPLOAD_LABEL, UPLOAD_SIZE_ERROR } from '#shared/constants/figures.ts';

// The upload rules (JPEG or PNG, under the size limit), with the exact alert texts.
export const UPLOAD_TYPE_ERROR = 'Please upload a JPEG or PNG image file.';

/** For the file picker's `accept` attribute. */
export const UPLOAD_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');
export { MAX_UPLOAD_LABEL, UPLOAD_SIZE_ERROR };

/** The file facts the rules need; a browser `File` fits. */
export type UploadCandidate = Pick<File, 'type' | 'size'>;

/** null when the file may be uploaded, otherwise the message to show. Type is checked first. */
export function validateUpload(file: UploadCandidate): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_TYPE_ERROR;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_SIZE_ERROR;
  return null;
}

/** Only the first file of a drop or pick is used. */
export function firstFile<T>(files: ArrayLike<T> | null | undefined): T | null {
  return files && files.length > 0 ? (files[0] ?? null) : null;
}

/** A short human size for the preview line, e.g. "2.4 MB" or "830 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
