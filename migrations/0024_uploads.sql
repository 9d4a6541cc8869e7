CREATE TABLE "multipart_uploads" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"file_key" text NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"size" bigint NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "uploaded_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"relative_path" text NOT NULL,
	"full_region" text NOT NULL,
	"company_id" bigint NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"image_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "multipart_uploads" ADD CONSTRAINT "multipart_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multipart_uploads" ADD CONSTRAINT "multipart_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "multipart_uploads_company_idx" ON "multipart_uploads" USING btree ("company_id","file_key");--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_files_relative_path_key" ON "uploaded_files" USING btree ("relative_path");--> statement-breakpoint
CREATE INDEX "uploaded_files_company_idx" ON "uploaded_files" USING btree ("company_id");