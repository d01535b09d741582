// The transformations module's public interface: the transformation rows and their images.
export { startRetentionJob } from './retention.ts';
export { removeImages, runKeys } from './run-keys.ts';
export {
  beat,
  claimRun,
  completeTransformation,
  failProcessing,
  insertProcessing,
  type Completion,
} from './run-rows.repo.ts';
export {
  findById,
  findOwned,
  findSamePhoto,
  hasPhotoRunAtMost,
  type TransformationRow,
} from './transformations.repo.ts';
export {
  listBatchRows,
  listStuck,
  lockById,
  meanRecentRunSeconds,
  newestProcessingSingle,
  releaseRunToken,
  resetRun,
  setUserTitle,
} from './run-queue.repo.ts';
export {
  listAllPage,
  lockItem,
  setItemStatus,
  transformationCounts,
  type TransformationItemRow,
} from './admin-rows.repo.ts';
export { markQueued, queuePlace } from './queue-place.repo.ts';
export { imageKeysOfUser } from './user-images.repo.ts';
export { insertFirstLayout, savedImageKeysOfUser } from './layouts.repo.ts';
export { imageUrl } from './transformations.service.ts';
export { withContentCredentials, withCredentialsOf } from './content-credentials.ts';
export { liveLinkFor, liveListingLink, pageUrl, shortLink } from './public-links.service.ts';
