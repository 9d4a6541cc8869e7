ALTER TABLE "color_cards" ADD COLUMN "render_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "color_cards" ADD COLUMN "render_reason" text;--> statement-breakpoint
ALTER TABLE "color_cards" ADD COLUMN "render_outputs" jsonb;--> statement-breakpoint
ALTER TABLE "material_file_reads" ADD COLUMN "zip_code" smallint;