import { createHash } from 'node:crypto';
import fs from 'node:fs';
import {
  CLAIM_GENERATOR,
  CREDENTIAL_TEXT,
  STAGING_ASSERTION_LABEL,
  digitalSourceTypeOf,
  engineAgentName,
} from '#shared/constants/content-credentials.ts';
import { reviewReasons } from '#shared/constants/review.ts';
import type { AppContext } from '../../context.ts';
import { fromRoot } from '../../lib/paths.ts';
import type { StoredObject } from '../../lib/storage/index.ts';
import { signDelivered, type DeliveryManifest } from '../../lib/c2pa/index.ts';

const VERSION = (JSON.parse(fs.readFileSync(fromRoot('package.json'), 'utf8')) as { version: string })
  .version;

/** The columns of a transformation the credential speaks of. */
export interface CredentialRow {
  id: string;
  engine: string | null;
  originalImageUrl: string | null;
  structureScore: string | null;
  needsReview: boolean;
  reviewReasons: string[];
}

/**
 * The one step every JPEG of a staged photo passes on its way out (downloads, batch ZIP entries, public
 * pages): the signed Content Credentials of decision 0190. Unchanged when credentials are switched off.
 */
export async function withContentCredentials(
  ctx: AppContext,
  row: CredentialRow,
  jpeg: Uint8Array,
): Promise<Uint8Array> {
  if (!ctx.credentials) return jpeg;
  const original = row.originalImageUrl ? await ctx.storage.get(row.originalImageUrl) : null;
  return withCredentialsOf(ctx, row, jpeg, original);
}

/**
 * The same step with the original already read (null: none stored), for a caller that sends the original
 * too and so reads it once for both (the batch ZIP).
 */
export async function withCredentialsOf(
  ctx: AppContext,
  row: CredentialRow,
  jpeg: Uint8Array,
  original: StoredObject | null,
): Promise<Uint8Array> {
  if (!ctx.credentials) return jpeg;
  return signDelivered(jpeg, deliveryManifest(row, original), ctx.credentials);
}

export function deliveryManifest(
  row: CredentialRow,
  original: { body: Uint8Array; contentType: string } | null,
): DeliveryManifest {
  const reasons = reviewReasons(row.reviewReasons);
  const sha256 = original ? new Uint8Array(createHash('sha256').update(original.body).digest()) : null;
  const score = row.structureScore === null ? null : Number(row.structureScore);
  return {
    claimGenerator: { name: CLAIM_GENERATOR, version: VERSION },
    original: {
      title: CREDENTIAL_TEXT.originalTitle,
      format: original?.contentType ?? 'image/jpeg',
      sha256,
      description: CREDENTIAL_TEXT.opened,
    },
    edit: {
      digitalSourceType: digitalSourceTypeOf(row.engine),
      softwareAgent: engineAgentName(row.engine),
      description: CREDENTIAL_TEXT.edited,
    },
    custom: [
      {
        label: STAGING_ASSERTION_LABEL,
        data: {
          engine: row.engine ?? 'unknown',
          // The ingredient's hash again, here because readers show their own metadata keys on an
          // ingredient only as raw data, if at all (c2pa-rs drops them).
          ...(sha256 ? { original: { alg: 'sha256', hash: sha256 } } : {}),
          // The structure guard compares the result with the photo (walls, windows, camera): "passed"
          // when it found the room unaltered, else "needs-review" with what it found.
          structureGuard: {
            verdict: row.needsReview ? 'needs-review' : 'passed',
            ...(score === null || Number.isNaN(score) ? {} : { score }),
            reasons,
          },
        },
      },
    ],
  };
}
