CREATE TABLE "catalogue_aliases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_aliases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source_type" text NOT NULL,
	"source_id" bigint NOT NULL,
	"alias_cn" text NOT NULL,
	"alias_en" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"company_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "color_cards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "color_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"material_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"hex" text NOT NULL,
	"lab_l" real NOT NULL,
	"lab_a" real NOT NULL,
	"lab_b" real NOT NULL,
	"color_family" text NOT NULL,
	"is_ban" smallint DEFAULT 0 NOT NULL,
	"rendering_status" smallint DEFAULT 2 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_facets" (
	"material_id" bigint NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "material_facets_material_id_facet_value_pk" PRIMARY KEY("material_id","facet","value")
);
--> statement-breakpoint
CREATE TABLE "material_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"material_id" bigint NOT NULL,
	"color_card_id" bigint,
	"image_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_versions" (
	"material_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"creator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_versions_material_id_version_pk" PRIMARY KEY("material_id","version")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"root_category_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name_cn" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"serial_no" text DEFAULT '' NOT NULL,
	"cover_image_id" bigint,
	"price" numeric(12, 2),
	"currency" text DEFAULT 'CNY' NOT NULL,
	"price_unit" text DEFAULT 'm' NOT NULL,
	"color_count" smallint DEFAULT 0 NOT NULL,
	"default_color_hex" text,
	"has_file" smallint DEFAULT 0 NOT NULL,
	"on_market_domestic" smallint DEFAULT 0 NOT NULL,
	"on_market_overseas" smallint DEFAULT 0 NOT NULL,
	"is_delete" smallint DEFAULT 0 NOT NULL,
	"creator_id" bigint,
	"gmt_create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_follows" (
	"user_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_follows_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "merchant_profiles" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"logo_image_id" bigint,
	"banner_image_id" bigint,
	"slogan_cn" text DEFAULT '' NOT NULL,
	"slogan_en" text DEFAULT '' NOT NULL,
	"is_choiceness" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_aliases" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "color_cards" ADD CONSTRAINT "color_cards_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_facets" ADD CONSTRAINT "material_facets_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_images" ADD CONSTRAINT "material_images_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_images" ADD CONSTRAINT "material_images_color_card_id_color_cards_id_fk" FOREIGN KEY ("color_card_id") REFERENCES "public"."color_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_images" ADD CONSTRAINT "material_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_versions" ADD CONSTRAINT "material_versions_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_versions" ADD CONSTRAINT "material_versions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_root_category_id_categories_id_fk" FOREIGN KEY ("root_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_follows" ADD CONSTRAINT "merchant_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_follows" ADD CONSTRAINT "merchant_follows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD CONSTRAINT "merchant_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD CONSTRAINT "merchant_profiles_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD CONSTRAINT "merchant_profiles_banner_image_id_images_id_fk" FOREIGN KEY ("banner_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_aliases_source_key" ON "catalogue_aliases" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "images_storage_key_key" ON "images" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "images_sha256_key" ON "images" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "color_cards_material_idx" ON "color_cards" USING btree ("material_id","sort");--> statement-breakpoint
CREATE INDEX "color_cards_family_idx" ON "color_cards" USING btree ("color_family");--> statement-breakpoint
CREATE INDEX "material_facets_value_idx" ON "material_facets" USING btree ("facet","value","material_id");--> statement-breakpoint
CREATE INDEX "material_images_material_idx" ON "material_images" USING btree ("material_id","color_card_id","sort");--> statement-breakpoint
CREATE INDEX "materials_store_idx" ON "materials" USING btree ("on_market_domestic","is_delete","gmt_create_time","id");--> statement-breakpoint
CREATE INDEX "materials_root_category_idx" ON "materials" USING btree ("root_category_id","gmt_create_time");--> statement-breakpoint
CREATE INDEX "materials_category_idx" ON "materials" USING btree ("category_id","gmt_create_time");--> statement-breakpoint
CREATE INDEX "materials_company_idx" ON "materials" USING btree ("company_id","gmt_create_time");--> statement-breakpoint
CREATE INDEX "merchant_follows_company_idx" ON "merchant_follows" USING btree ("company_id");