import { bigint, customType, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { clearedRef, createdAt, identityKey, moment, ownerRef } from './columns';
import { users } from './identity';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A stored original image. The bytes live in object storage under `storageKey` (local disk or S3); the presets (docs/product/constants.md)
 * are derived from it on demand and cached. Width and height are kept so pages never shift while images load.
 */
export const images = pgTable(
  'images',
  {
    id: identityKey(),
    storageKey: text('storage_key').notNull(),
    /** Lower-case hex SHA-256 of the original: the same upload is stored once. */
    sha256: text('sha256').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** The company that uploaded it; null for platform images. */
    companyId: clearedRef('company_id', () => companies.id),
    /**
     * Set while the image exists only as a photo-search query (docs/product/search.md#query-photos): the
     * `prune-query-photos` job deletes it after this moment. Storing the same bytes for anything else clears it.
     */
    queryKeptUntil: moment('query_kept_until'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('images_storage_key_key').on(t.storageKey), uniqueIndex('images_sha256_key').on(t.sha256), index('images_query_kept_until_idx').on(t.queryKeptUntil)],
);

/**
 * The image-search descriptor of a stored image (docs/product/search.md#how-results-are-ranked), one row per descriptor version so a new version can
 * be computed beside the old one and switched over. `quantized` is portable (any PostgreSQL) and compact: the exact
 * scan keeps every descriptor in memory and loads them from here (`encodeDescriptor`: a float scale, then one signed
 * byte per dimension). Where the server has pgvector, an `embedding vector` column and an HNSW index per version
 * are added at start (`imageIndexMode`), because a vector column cannot be declared in a migration that must also
 * run without pgvector.
 */
export const imageDescriptors = pgTable(
  'image_descriptors',
  {
    imageId: ownerRef('image_id', () => images.id),
    version: smallint('version').notNull(),
    /** '' for the hand-made descriptor alone; with an embedding model, the start of that model file's SHA-256. */
    model: text('model').notNull().default(''),
    quantized: bytea('quantized').notNull(),
    /** The picture in grey at a small size (images/descriptor/layout.ts), to tell a crop of this very picture from other photos of its material; null until the indexer computes it. */
    layout: bytea('layout'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.version, t.model] }), index('image_descriptors_version_idx').on(t.version, t.createdAt)],
);

/**
 * A multipart upload in progress (docs/product/storage.md#multipart-uploads): the store's upload, the company and
 * person it belongs to and what they declared. It goes when the upload is completed or aborted.
 */
export const multipartUploads = pgTable(
  'multipart_uploads',
  {
    uploadId: text('upload_id').primaryKey(),
    /** The file key (content MD5 and extension) the client computed; the object goes under `u/<companyId>/<fileKey>`. */
    fileKey: text('file_key').notNull(),
    companyId: ownerRef('company_id', () => companies.id),
    userId: ownerRef('user_id', () => users.id),
    size: bigint('size', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('multipart_uploads_company_idx').on(t.companyId, t.fileKey)],
);

/**
 * An uploaded file a company keeps (docs/product/storage.md#data): the same content is stored once per company,
 * under `u/<companyId>/<fileKey>`. Pictures also have their `images` row.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: identityKey(),
    relativePath: text('relative_path').notNull(),
    fullRegion: text('full_region').notNull(),
    companyId: ownerRef('company_id', () => companies.id),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    imageId: clearedRef('image_id', () => images.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploaded_files_relative_path_key').on(t.relativePath), index('uploaded_files_company_idx').on(t.companyId)],
);
