CREATE TABLE "departments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"parent_id" bigint,
	"name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_departments" (
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	CONSTRAINT "member_departments_company_id_user_id_department_id_pk" PRIMARY KEY("company_id","user_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "certifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"user_id" bigint NOT NULL,
	"company_id" bigint,
	"audit_status" smallint DEFAULT 1 NOT NULL,
	"details" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewer_id" bigint,
	"reject_reason" text
);
--> statement-breakpoint
CREATE TABLE "supplier_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"details" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "apps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name_cn" text NOT NULL,
	"name_en" text NOT NULL,
	"description_cn" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"requires_review" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_apps" (
	"company_id" bigint NOT NULL,
	"app_id" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"expire_time" timestamp with time zone,
	CONSTRAINT "company_apps_company_id_app_id_pk" PRIMARY KEY("company_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "company_packages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"package_id" bigint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name_cn" text NOT NULL,
	"name_en" text NOT NULL,
	"description_cn" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"duration_days" integer NOT NULL,
	"perms" text[] DEFAULT '{}' NOT NULL,
	"resources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_quotas" (
	"company_id" bigint NOT NULL,
	"code" text NOT NULL,
	"conf_total" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resource_quotas_company_id_code_pk" PRIMARY KEY("company_id","code")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address_country" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address_province" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address_district" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "complete_address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "business_licence_no" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "social_credit_code" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "biz_model" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "corp_type" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "biz_scope" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "biz_scope_remark" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "main_products" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "co_branding" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "established_year" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "introduction" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "forbidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "head_img" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "real_name" text;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_departments" ADD CONSTRAINT "member_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_applications" ADD CONSTRAINT "supplier_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_applications" ADD CONSTRAINT "supplier_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_apps" ADD CONSTRAINT "company_apps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_apps" ADD CONSTRAINT "company_apps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_packages" ADD CONSTRAINT "company_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_packages" ADD CONSTRAINT "company_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_quotas" ADD CONSTRAINT "resource_quotas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departments_company_idx" ON "departments" USING btree ("company_id","parent_id");--> statement-breakpoint
CREATE INDEX "certifications_user_idx" ON "certifications" USING btree ("user_id","subject");--> statement-breakpoint
CREATE INDEX "certifications_status_idx" ON "certifications" USING btree ("audit_status","submitted_at");--> statement-breakpoint
CREATE INDEX "supplier_applications_company_idx" ON "supplier_applications" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_code_key" ON "apps" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_code_key" ON "packages" USING btree ("code");