ALTER TABLE "image_descriptors" ADD COLUMN "model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "image_descriptors" DROP CONSTRAINT "image_descriptors_image_id_version_pk";--> statement-breakpoint
ALTER TABLE "image_descriptors" ADD CONSTRAINT "image_descriptors_image_id_version_model_pk" PRIMARY KEY("image_id","version","model");
