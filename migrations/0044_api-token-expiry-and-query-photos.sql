ALTER TABLE "images" ADD COLUMN "query_kept_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "images_query_kept_until_idx" ON "images" USING btree ("query_kept_until");