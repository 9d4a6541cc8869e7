CREATE TABLE "material_usages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_usages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"material_id" bigint NOT NULL,
	"company_id" bigint,
	"user_id" bigint,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_view_days" (
	"share_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "share_view_days_share_id_day_pk" PRIMARY KEY("share_id","day")
);
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "first_on_market_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "material_usages" ADD CONSTRAINT "material_usages_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_usages" ADD CONSTRAINT "material_usages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_usages" ADD CONSTRAINT "material_usages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_view_days" ADD CONSTRAINT "share_view_days_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_usages_material_idx" ON "material_usages" USING btree ("material_id","created_at");--> statement-breakpoint
-- Materials already on a market are not drafts: their first time on a market is taken as their creation.
UPDATE "materials" SET "first_on_market_at" = "gmt_create_time" WHERE "first_on_market_at" IS NULL AND ("on_market_domestic" = 1 OR "on_market_overseas" = 1);
