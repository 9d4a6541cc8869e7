CREATE TABLE "idempotency_keys" (
	"user_id" bigint NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_scope_key_pk" PRIMARY KEY("user_id","scope","key")
);
--> statement-breakpoint
CREATE TABLE "sample_request_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_request_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"state" text NOT NULL,
	"actor_user_id" bigint,
	"actor_side" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_request_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_request_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"material_id" bigint,
	"material_version" bigint NOT NULL,
	"material_name" text NOT NULL,
	"material_name_en" text DEFAULT '' NOT NULL,
	"color_card_id" bigint,
	"color_name" text NOT NULL,
	"color_hex" text NOT NULL,
	"quantity" smallint NOT NULL,
	"sample_price" text
);
--> statement-breakpoint
CREATE TABLE "sample_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"buyer_user_id" bigint NOT NULL,
	"supplier_company_id" bigint NOT NULL,
	"state" text NOT NULL,
	"address" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reject_reason" text,
	"carrier" text,
	"tracking_no" text,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_requests_state_check" CHECK ("sample_requests"."state" in ('submitted', 'accepted', 'rejected', 'shipped', 'received', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_request_events" ADD CONSTRAINT "sample_request_events_request_id_sample_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."sample_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_request_events" ADD CONSTRAINT "sample_request_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_request_items" ADD CONSTRAINT "sample_request_items_request_id_sample_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."sample_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_request_items" ADD CONSTRAINT "sample_request_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_request_items" ADD CONSTRAINT "sample_request_items_color_card_id_color_cards_id_fk" FOREIGN KEY ("color_card_id") REFERENCES "public"."color_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_requests" ADD CONSTRAINT "sample_requests_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_requests" ADD CONSTRAINT "sample_requests_supplier_company_id_companies_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sample_request_events_request_idx" ON "sample_request_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE INDEX "sample_request_items_request_idx" ON "sample_request_items" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "sample_request_items_material_idx" ON "sample_request_items" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "sample_requests_buyer_idx" ON "sample_requests" USING btree ("buyer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "sample_requests_supplier_idx" ON "sample_requests" USING btree ("supplier_company_id","created_at");