import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download.ts';

describe('fileNameFromDisposition', () => {
  it('reads the server-chosen name', () => {
    expect(fileNameFromDisposition('attachment; filename="12-oak-street-2026-01-02.jpg"')).toBe(
      '12-oak-street-2026-01-02.jpg',
    );
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
