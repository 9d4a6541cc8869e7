import { customType, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { clearedRef, createdAt, identityKey, ownerRef } from './columns';

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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('images_storage_key_key').on(t.storageKey), uniqueIndex('images_sha256_key').on(t.sha256)],
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
    quantized: bytea('quantized').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.version] }), index('image_descriptors_version_idx').on(t.version, t.createdAt)],
);
