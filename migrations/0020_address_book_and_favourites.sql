CREATE TABLE "collect_folders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collect_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"bg_color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collect_items" (
	"folder_id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collect_items_folder_id_material_id_pk" PRIMARY KEY("folder_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "shipping_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"receiver" text NOT NULL,
	"phone" text NOT NULL,
	"country_id" bigint NOT NULL,
	"province_id" bigint,
	"city_id" bigint,
	"district_id" bigint,
	"detail" text NOT NULL,
	"postcode" text,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collect_folders" ADD CONSTRAINT "collect_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_items" ADD CONSTRAINT "collect_items_folder_id_collect_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."collect_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_items" ADD CONSTRAINT "collect_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_country_id_address_nodes_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."address_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_province_id_address_nodes_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."address_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_city_id_address_nodes_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."address_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_district_id_address_nodes_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."address_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collect_folders_user_name_key" ON "collect_folders" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "collect_items_material_idx" ON "collect_items" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "shipping_addresses_user_idx" ON "shipping_addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_addresses_one_default" ON "shipping_addresses" USING btree ("user_id") WHERE "shipping_addresses"."is_default" = 1;