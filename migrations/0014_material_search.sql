ALTER TABLE "materials" ADD COLUMN "search_text" "tsvector";--> statement-breakpoint
CREATE INDEX "materials_search_idx" ON "materials" USING gin ("search_text");