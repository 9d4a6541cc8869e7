CREATE TABLE "color_book_colors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "color_book_colors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"book_id" bigint NOT NULL,
	"color_key" text NOT NULL,
	"source" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"hex" text NOT NULL,
	"material_id" bigint,
	"color_card_id" bigint,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "color_books" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "color_books_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_type" smallint NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"company_id" bigint,
	"name" text NOT NULL,
	"is_shared" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "color_books_owner_check" CHECK (("color_books"."user_type" = 1 and "color_books"."company_id" is null) or ("color_books"."user_type" = 2 and "color_books"."company_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "palette_colors" (
	"palette_key" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"hex" text NOT NULL,
	"lab_l" real NOT NULL,
	"lab_a" real NOT NULL,
	"lab_b" real NOT NULL,
	"family" text NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "palette_colors_palette_key_code_pk" PRIMARY KEY("palette_key","code")
);
--> statement-breakpoint
CREATE TABLE "palettes" (
	"key" text PRIMARY KEY NOT NULL,
	"name_cn" text NOT NULL,
	"name_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shares" DROP CONSTRAINT "shares_kind_check";--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "color_book_id" bigint;--> statement-breakpoint
ALTER TABLE "color_book_colors" ADD CONSTRAINT "color_book_colors_book_id_color_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."color_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "color_book_colors" ADD CONSTRAINT "color_book_colors_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "color_books" ADD CONSTRAINT "color_books_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "color_books" ADD CONSTRAINT "color_books_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "palette_colors" ADD CONSTRAINT "palette_colors_palette_key_palettes_key_fk" FOREIGN KEY ("palette_key") REFERENCES "public"."palettes"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "color_book_colors_key" ON "color_book_colors" USING btree ("book_id","color_key");--> statement-breakpoint
CREATE INDEX "color_book_colors_book_idx" ON "color_book_colors" USING btree ("book_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "color_books_buyer_name_key" ON "color_books" USING btree ("owner_user_id","name") WHERE "color_books"."user_type" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "color_books_company_name_key" ON "color_books" USING btree ("company_id","name") WHERE "color_books"."user_type" = 2;--> statement-breakpoint
CREATE INDEX "palette_colors_family_idx" ON "palette_colors" USING btree ("palette_key","family");--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_color_book_id_color_books_id_fk" FOREIGN KEY ("color_book_id") REFERENCES "public"."color_books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_kind_check" CHECK ("shares"."kind" in ('material', 'materials', 'folder', 'colorCard', 'colorBook'));