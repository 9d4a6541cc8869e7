CREATE TABLE "sample_bag_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_bag_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"color_card_id" bigint NOT NULL,
	"quantity" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sample_bag_items" ADD CONSTRAINT "sample_bag_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_bag_items" ADD CONSTRAINT "sample_bag_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_bag_items" ADD CONSTRAINT "sample_bag_items_color_card_id_color_cards_id_fk" FOREIGN KEY ("color_card_id") REFERENCES "public"."color_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sample_bag_items_user_material_color_key" ON "sample_bag_items" USING btree ("user_id","material_id","color_card_id");--> statement-breakpoint
CREATE INDEX "sample_bag_items_user_idx" ON "sample_bag_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sample_bag_items_material_idx" ON "sample_bag_items" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "sample_bag_items_color_card_idx" ON "sample_bag_items" USING btree ("color_card_id");