-- Descriptors are derived data: the indexer recomputes them from the stored images in the compact form (0019).
DELETE FROM "image_descriptors";--> statement-breakpoint
ALTER TABLE "image_descriptors" DROP COLUMN "descriptor";
