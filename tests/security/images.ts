import zlib from 'node:zlib';

/** A valid all-black RGB PNG of width x height: a few hundred KB that decode to width x height x 3 bytes. */
const made = new Map<string, Uint8Array>();

export function pngDeclaring(width: number, height: number): Uint8Array {
  const key = `${width}x${height}`;
  const cached = made.get(key);
  if (cached) return cached;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  // Each row is a filter byte and 3 bytes a pixel, all zero: it compresses about 1000:1.
  const idat = zlib.deflateSync(Buffer.alloc(height * (1 + width * 3)), { level: 9 });
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const png = new Uint8Array(
    Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]),
  );
  made.set(key, png);
  return png;
}
