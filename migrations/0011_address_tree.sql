CREATE TABLE "address_nodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "address_nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"parent_id" bigint,
	"level" smallint NOT NULL,
	"full_zh_name" text NOT NULL,
	"full_en_name" text NOT NULL,
	"is_top_city" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "address_nodes_code_key" ON "address_nodes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "address_nodes_parent_idx" ON "address_nodes" USING btree ("parent_id","sort");