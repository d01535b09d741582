import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Every entry of a ZIP archive (in memory or a file on disk), read in order, sizes checked. */
export function readZip(source: Buffer | string): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    const opened = (err: Error | null, zip: yauzl.ZipFile) => {
      if (err) return reject(err);
      const out: ZipEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(parts) });
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    };
    const opts = { lazyEntries: true, validateEntrySizes: true };
    if (typeof source === 'string') yauzl.open(source, opts, opened);
    else yauzl.fromBuffer(source, opts, opened);
  });
}
