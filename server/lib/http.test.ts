import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { cleanFileName, imageResponse } from './http.ts';

describe('image responses', () => {
  it('cleans file names for Content-Disposition', () => {
    expect(cleanFileName('modern-living-room-1234-2026-01-02.jpg')).toBe(
      'modern-living-room-1234-2026-01-02.jpg',
    );
    expect(cleanFileName('../../etc/passwd')).toBe('etc-passwd');
    expect(cleanFileName('a "quoted"\r\nname.png')).toBe('a-quoted-name.png');
    expect(cleanFileName('...')).toBe('image');
  });

  it('sends the bytes with nosniff, private caching and a clean name', async () => {
    const body = Buffer.from([1, 2, 3]);
    const app = new Hono().get('/img', (c) =>
      imageResponse(c, { body, contentType: 'image/png' }, 'my "room".png'),
    );
    const res = await app.request('/img');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="my-room-.png"');
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
  });
});
