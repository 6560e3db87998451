CREATE TABLE "report_lines" (
	"detail_id" integer PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"tender_start" timestamp with time zone NOT NULL,
	"tender_code" text NOT NULL,
	"part_id" integer NOT NULL,
	"part_code" text NOT NULL,
	"min_price" numeric(14, 4) NOT NULL,
	"max_price" numeric(14, 4) NOT NULL,
	"prices" text[] NOT NULL,
	"reasons" text[] NOT NULL,
	"qty" numeric(20, 4) NOT NULL,
	"total" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_tender_suppliers" (
	"tender_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"tender_start" timestamp with time zone NOT NULL,
	"tender_code" text NOT NULL,
	"status" text NOT NULL,
	"order_id" integer,
	"first_proposal_id" integer NOT NULL,
	"proposals" integer NOT NULL,
	"details" integer NOT NULL,
	"qty" numeric(20, 4) NOT NULL,
	"total" numeric(20, 2) NOT NULL,
	CONSTRAINT "report_tender_suppliers_tender_id_supplier_id_pk" PRIMARY KEY("tender_id","supplier_id")
);
--> statement-breakpoint
CREATE INDEX "report_lines_tender_idx" ON "report_lines" USING btree ("tender_id");--> statement-breakpoint
CREATE INDEX "report_lines_start_idx" ON "report_lines" USING btree ("tender_start");--> statement-breakpoint
CREATE INDEX "report_lines_part_start_idx" ON "report_lines" USING btree ("part_id","tender_start");--> statement-breakpoint
CREATE INDEX "report_lines_code_idx" ON "report_lines" USING btree ("part_code","detail_id");--> statement-breakpoint
CREATE INDEX "report_ts_start_idx" ON "report_tender_suppliers" USING btree ("tender_start");--> statement-breakpoint
CREATE INDEX "report_ts_order_start_idx" ON "report_tender_suppliers" USING btree ("tender_start") WHERE "report_tender_suppliers"."order_id" is not null and "report_tender_suppliers"."details" > 0;--> statement-breakpoint
CREATE INDEX "report_ts_order_idx" ON "report_tender_suppliers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "report_ts_supplier_start_idx" ON "report_tender_suppliers" USING btree ("supplier_id","tender_start");--> statement-breakpoint
CREATE INDEX "report_ts_first_proposal_idx" ON "report_tender_suppliers" USING btree ("first_proposal_id");