import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { ts, users } from './users.ts';

/** Photos of one listing staged together (POST /api/batches); each photo is its own transformation. */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    style: varchar('style', { length: 32 }).notNull(),
    photoCount: integer('photo_count').notNull(),
    // Every photo shows the same furniture designs (decision 0256); batches made before it: false.
    sameFurniture: boolean('same_furniture').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('batches_user_created_idx').on(t.userId, t.createdAt.desc())],
);

export const transformations = pgTable(
  'transformations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Storage keys of the images; the API turns them into URLs.
    originalImageUrl: text('original_image_url'),
    transformedImageUrl: text('transformed_image_url'),
    thumbnailUrl: text('thumbnail_url'),
    style: varchar('style', { length: 32 }).notNull(),
    roomType: varchar('room_type', { length: 32 }).notNull(),
    userTitle: varchar('user_title', { length: 200 }),
    userNotes: text('user_notes'),
    processingTime: numeric('processing_time', { precision: 5, scale: 2 }),
    confidence: numeric('confidence', { precision: 5, scale: 2 }),
    structureScore: numeric('structure_score', { precision: 5, scale: 2 }),
    engine: varchar('engine', { length: 32 }),
    needsReview: boolean('needs_review').notNull().default(false),
    // The structure guard's reasons for the review (codes from shared/constants/review.ts), empty when none.
    reviewReasons: text('review_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Remove existing furniture before staging (engines that can); a retried run must do the same.
    declutter: boolean('declutter').notNull().default(false),
    // Masked engines: the area the agent painted for furniture, polygons in 0..1 photo coordinates
    // (shared/schemas furnishAreaSchema, decision 0181); null means the engine's own area.
    furnishArea: jsonb('furnish_area').$type<[number, number][][]>(),
    // The agent was told before paying that the main piece does not fit and went on (decision 0110):
    // a result with fewer pieces is then charged; otherwise it is refunded, and refundedFewerPieces says so.
    acceptFewerPieces: boolean('accept_fewer_pieces').notNull().default(false),
    refundedFewerPieces: boolean('refunded_fewer_pieces').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    isFavorite: boolean('is_favorite').notNull().default(false),
    regenerationCount: integer('regeneration_count').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('completed'),
    errorMessage: text('error_message'),
    errorRetryAfter: integer('error_retry_after'),
    // 64-bit perceptual hash as 16 hex characters.
    originalImageHash: varchar('original_image_hash', { length: 64 }),
    isRegeneration: boolean('is_regeneration').notNull().default(false),
    creditsCost: integer('credits_cost').notNull().default(1),
    // Where the cost was taken from (free, unlimited, allowance, credit), so a failure refunds that place.
    chargedFrom: varchar('charged_from', { length: 16 }),
    // The job behind a processing row (see docs/decisions/0040): when its run started, the fencing token
    // of the current run (results are stored under it and only that run may complete the row), the
    // run's liveness beat, how many runs were started, and when the row must be settled at the latest.
    attemptId: uuid('attempt_id'),
    attempts: integer('attempts').notNull().default(0),
    startedAt: ts('started_at'),
    heartbeatAt: ts('heartbeat_at'),
    deadlineAt: ts('deadline_at'),
    // The queue priority the job was last sent with and when (jobs/priority.ts): a waiting job's place
    // is counted from these rows, not from pg-boss's private tables (decision 0196). Null: never sent.
    queuePriority: integer('queue_priority'),
    queuedAt: ts('queued_at'),
    // The batch this photo was staged in, with its place in the batch (0-based).
    batchId: uuid('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    batchIndex: integer('batch_index'),
    // The local engine's furniture set (StageRequest.furnitureSet, decisions 0255 and 0256): the
    // batch's, when it asked for the same furniture in every photo; null: designs chosen per photo.
    furnitureSet: integer('furniture_set'),
    // The AppError code of a failure, so a request waiting on the job answers the same status.
    errorCode: varchar('error_code', { length: 32 }),
    // When the retention job deleted the images (IMAGE_RETENTION_DAYS after creation); the row stays.
    imagesDeletedAt: ts('images_deleted_at'),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('transformations_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('transformations_user_hash_idx').on(t.userId, t.originalImageHash),
    index('transformations_status_idx').on(t.status),
    index('transformations_created_idx').on(t.createdAt.desc(), t.id),
    index('transformations_batch_idx').on(t.batchId),
  ],
);
