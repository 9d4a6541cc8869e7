CREATE TABLE "image_descriptors" (
	"image_id" bigint NOT NULL,
	"version" smallint NOT NULL,
	"descriptor" real[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_descriptors_image_id_version_pk" PRIMARY KEY("image_id","version")
);
--> statement-breakpoint
ALTER TABLE "image_descriptors" ADD CONSTRAINT "image_descriptors_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_descriptors_version_idx" ON "image_descriptors" USING btree ("version","created_at");--> statement-breakpoint
CREATE INDEX "material_images_image_idx" ON "material_images" USING btree ("image_id");