CREATE TABLE "material_book_collects" (
	"user_id" bigint NOT NULL,
	"book_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_book_collects_user_id_book_id_pk" PRIMARY KEY("user_id","book_id")
);
--> statement-breakpoint
CREATE TABLE "material_book_items" (
	"book_id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_book_items_book_id_material_id_pk" PRIMARY KEY("book_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "material_books" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_books_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"cover_image_id" bigint,
	"on_market" smallint DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shares" DROP CONSTRAINT "shares_kind_check";--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "material_book_id" bigint;--> statement-breakpoint
ALTER TABLE "material_book_collects" ADD CONSTRAINT "material_book_collects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_book_collects" ADD CONSTRAINT "material_book_collects_book_id_material_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."material_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_book_items" ADD CONSTRAINT "material_book_items_book_id_material_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."material_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_book_items" ADD CONSTRAINT "material_book_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_books" ADD CONSTRAINT "material_books_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_books" ADD CONSTRAINT "material_books_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_books" ADD CONSTRAINT "material_books_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_book_collects_book_idx" ON "material_book_collects" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "material_book_items_material_idx" ON "material_book_items" USING btree ("material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_books_company_name_key" ON "material_books" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "material_books_market_idx" ON "material_books" USING btree ("company_id","on_market");--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_material_book_id_material_books_id_fk" FOREIGN KEY ("material_book_id") REFERENCES "public"."material_books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_kind_check" CHECK ("shares"."kind" in ('material', 'materials', 'folder', 'colorCard', 'colorBook', 'materialBook'));