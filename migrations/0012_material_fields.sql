CREATE TABLE "category_fields" (
	"category_id" bigint NOT NULL,
	"field_id" bigint NOT NULL,
	"market_type" smallint NOT NULL,
	"is_required" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_fields" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"field_code" text NOT NULL,
	"field_type" smallint NOT NULL,
	"title_cn" text NOT NULL,
	"title_en" text NOT NULL,
	"schema" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "category_fields_key" ON "category_fields" USING btree ("category_id","field_id","market_type");--> statement-breakpoint
CREATE UNIQUE INDEX "material_fields_code_key" ON "material_fields" USING btree ("field_code");