import { describe, expect, it } from 'vitest';
import {
  firstFile,
  formatFileSize,
  MAX_UPLOAD_LABEL,
  UPLOAD_ACCEPT,
  UPLOAD_SIZE_ERROR,
  UPLOAD_TYPE_ERROR,
  validateUpload,
} from './upload-validation.ts';

const MB = 1024 * 1024;

describe('validateUpload', () => {
  it('accepts JPEG and PNG up to exactly 10 MB', () => {
    expect(validateUpload({ type: 'image/jpeg', size: 10 * MB })).toBeNull();
    expect(validateUpload({ type: 'image/png', size: 1 })).toBeNull();
  });
  it('rejects other types with the spec alert', () => {
    for (const type of ['image/webp', 'image/gif', 'application/pdf', '']) {
      expect(validateUpload({ type, size: 100 })).toBe(UPLOAD_TYPE_ERROR);
    }
    expect(UPLOAD_TYPE_ERROR).toBe('Please upload a JPEG or PNG image file.');
  });
  it('rejects files over 10*1024*1024 bytes with the spec alert', () => {
    expect(validateUpload({ type: 'image/png', size: 10 * MB + 1 })).toBe(UPLOAD_SIZE_ERROR);
    expect(UPLOAD_SIZE_ERROR).toBe('File size must be less than 10MB.');
  });
  it('reports the type before the size', () => {
    expect(validateUpload({ type: 'image/gif', size: 50 * MB })).toBe(UPLOAD_TYPE_ERROR);
  });
});

describe('upload helpers', () => {
  it('uses only the first file', () => {
    expect(firstFile(['a', 'b'])).toBe('a');
    expect(firstFile([])).toBeNull();
    expect(firstFile(null)).toBeNull();
  });
  it('derives the picker filter and size label from the shared constants', () => {
    expect(UPLOAD_ACCEPT).toBe('image/jpeg,image/png');
    expect(MAX_UPLOAD_LABEL).toBe('10MB');
  });
  it('formats sizes for the preview', () => {
    expect(formatFileSize(2.45 * MB)).toBe('2.5 MB');
    expect(formatFileSize(830 * 1024)).toBe('830 KB');
    expect(formatFileSize(10)).toBe('1 KB');
  });
});
