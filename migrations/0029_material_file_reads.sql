CREATE TABLE "material_file_reads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_file_reads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"user_id" bigint,
	"relative_path" text NOT NULL,
	"file_name" text NOT NULL,
	"parser" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"code" smallint,
	"detail" text,
	"material" jsonb,
	"map_keys" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "material_file_reads" ADD CONSTRAINT "material_file_reads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_file_reads" ADD CONSTRAINT "material_file_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_file_reads_company_idx" ON "material_file_reads" USING btree ("company_id","created_at");