import path from 'node:path';
import type { Env } from '../../env.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { createS3Storage } from './s3.ts';
import type { ImageStorage } from './types.ts';

export * from './types.ts';
export { createLocalDiskStorage, createS3Storage };

/** S3 when S3_BUCKET is set, otherwise local disk under DATA_DIR/images. */
export function createStorage(env: Env): ImageStorage {
  if (env.S3_BUCKET) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalDiskStorage(path.join(env.dataDir, 'images'));
}
