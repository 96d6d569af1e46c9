// @act/service-kit/files: stored files for every family — the S3 object store, signed URLs and the route that serves
// them. A separate entry so services without files never load the AWS SDK.
export { objectStoreConfigFields, type ObjectStoreConfig } from './config';
export {
  createObjectStore,
  createS3Client,
  ObjectNotFound,
  RangeNotSatisfiable,
  storeWithRecord,
  type FileVariant,
  type ObjectHead,
  type ObjectRead,
  type ObjectStore,
  type ObjectStoreOptions,
  type PutInput,
  type StoredObject,
} from './object-store';
export { createUrlSigner, type UrlSigner } from './signed-urls';
export { mountFileRoute, sendStoredFile } from './file-route';
export { MEMBER_DATA_CACHE, sendDownload, type Download } from './download';
