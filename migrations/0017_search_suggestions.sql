CREATE TABLE "search_suggestions" (
	"lang" text NOT NULL,
	"norm" text NOT NULL,
	"word" text NOT NULL,
	"weight" integer NOT NULL,
	"category_ids" bigint[] NOT NULL,
	"tokens" "tsvector" NOT NULL,
	CONSTRAINT "search_suggestions_lang_norm_pk" PRIMARY KEY("lang","norm")
);
--> statement-breakpoint
CREATE INDEX "search_suggestions_tokens_idx" ON "search_suggestions" USING gin ("tokens");