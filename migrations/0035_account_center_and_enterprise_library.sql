CREATE TABLE "company_upgrades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_upgrades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"details" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"company_id" bigint,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_library_items" (
	"company_id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"pushed_by" bigint,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_library_items_company_id_material_id_pk" PRIMARY KEY("company_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"phone" text,
	"email" text,
	"message" text NOT NULL,
	"lang" text NOT NULL,
	"user_id" bigint,
	"sender" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_upgrades" ADD CONSTRAINT "company_upgrades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_upgrades" ADD CONSTRAINT "company_upgrades_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_library_items" ADD CONSTRAINT "enterprise_library_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_library_items" ADD CONSTRAINT "enterprise_library_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_library_items" ADD CONSTRAINT "enterprise_library_items_pushed_by_users_id_fk" FOREIGN KEY ("pushed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_upgrades_one_draft" ON "company_upgrades" USING btree ("user_id") WHERE "company_upgrades"."status" = 1;--> statement-breakpoint
CREATE INDEX "company_upgrades_user_idx" ON "company_upgrades" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "enterprise_library_items_recent_idx" ON "enterprise_library_items" USING btree ("company_id","pushed_at");--> statement-breakpoint
CREATE INDEX "enterprise_library_items_material_idx" ON "enterprise_library_items" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "contact_messages_recent_idx" ON "contact_messages" USING btree ("created_at");