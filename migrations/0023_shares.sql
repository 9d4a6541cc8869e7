CREATE TABLE "shares" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"owner_company_id" bigint,
	"type" smallint NOT NULL,
	"code" text,
	"validity_type" smallint NOT NULL,
	"view_range" smallint NOT NULL,
	"is_sync" smallint NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"material_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"folder_id" bigint,
	"color_card_id" bigint,
	"snapshot" jsonb,
	"views" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_kind_check" CHECK ("shares"."kind" in ('material', 'materials', 'folder', 'colorCard')),
	CONSTRAINT "shares_type_check" CHECK (("shares"."type" = 1 and "shares"."code" is null) or ("shares"."type" = 2 and "shares"."code" is not null))
);
--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shares_owner_idx" ON "shares" USING btree ("owner_user_id","created_at");