CREATE TABLE "client_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" text,
	"user_id" bigint,
	"company_id" bigint,
	"kind" text NOT NULL,
	"page" text NOT NULL,
	"code" integer,
	"message" text NOT NULL,
	"trace_hash" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_bag_adds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_bag_adds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"material_id" bigint,
	"color_card_id" bigint,
	"supplier_company_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "analytics_events_event_time_idx";--> statement-breakpoint
ALTER TABLE "sample_request_items" ADD COLUMN "added_to_bag_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sample_bag_adds" ADD CONSTRAINT "sample_bag_adds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_bag_adds" ADD CONSTRAINT "sample_bag_adds_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_bag_adds" ADD CONSTRAINT "sample_bag_adds_color_card_id_color_cards_id_fk" FOREIGN KEY ("color_card_id") REFERENCES "public"."color_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_bag_adds" ADD CONSTRAINT "sample_bag_adds_supplier_company_id_companies_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_errors_received_idx" ON "client_errors" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "sample_bag_adds_at_idx" ON "sample_bag_adds" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sample_bag_adds_supplier_idx" ON "sample_bag_adds" USING btree ("supplier_company_id","at");--> statement-breakpoint
CREATE INDEX "analytics_events_event_received_idx" ON "analytics_events" USING btree ("event","received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_supplier_view_idx" ON "analytics_events" USING btree (("properties"->>'supplierId'),"received_at") WHERE "analytics_events"."event" = 'material.view';--> statement-breakpoint
CREATE INDEX "sample_request_items_added_idx" ON "sample_request_items" USING btree ("added_to_bag_at");--> statement-breakpoint
-- Lines bagged or requested before the bag kept its timeline: each counts as added when its bag row, or else its request, was made.
UPDATE "sample_request_items" AS i SET "added_to_bag_at" = r."created_at" FROM "sample_requests" AS r WHERE r."id" = i."request_id";--> statement-breakpoint
INSERT INTO "sample_bag_adds" ("user_id", "material_id", "color_card_id", "supplier_company_id", "at") SELECT b."user_id", b."material_id", b."color_card_id", m."company_id", b."created_at" FROM "sample_bag_items" AS b JOIN "materials" AS m ON m."id" = b."material_id";--> statement-breakpoint
INSERT INTO "sample_bag_adds" ("user_id", "material_id", "color_card_id", "supplier_company_id", "at") SELECT r."buyer_user_id", i."material_id", i."color_card_id", r."supplier_company_id", r."created_at" FROM "sample_request_items" AS i JOIN "sample_requests" AS r ON r."id" = i."request_id";
