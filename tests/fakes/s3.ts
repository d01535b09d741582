import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// s3rver is an S3-compatible server: the real AWS SDK talks to it over HTTP with real signatures.
import S3rver from 's3rver';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

export async function startFakeS3(bucket = 'roomstage-test'): Promise<FakeS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const info = (await server.run()) as { address: string; port: number };
  return {
    endpoint: `http://127.0.0.1:${info.port}`,
    bucket,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
