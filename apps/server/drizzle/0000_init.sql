CREATE TABLE "blacklist_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"blacklist_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"added_producers" text[] DEFAULT '{}'::text[] NOT NULL,
	"removed_producers" text[] DEFAULT '{}'::text[] NOT NULL,
	"black_list_activated" boolean DEFAULT false NOT NULL,
	"black_list_deactivated" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blacklist_producers" (
	"blacklist_id" integer NOT NULL,
	"producer_id" integer NOT NULL,
	CONSTRAINT "blacklist_producers_blacklist_id_producer_id_pk" PRIMARY KEY("blacklist_id","producer_id")
);
--> statement-breakpoint
CREATE TABLE "blacklists" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer NOT NULL,
	"creator_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"parent_id" integer,
	"is_placed" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"class_name" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_groups" (
	"category_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "category_groups_category_id_group_id_pk" PRIMARY KEY("category_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"uploaded_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_files" (
	"part_id" integer NOT NULL,
	"file_uuid" uuid NOT NULL,
	CONSTRAINT "part_files_part_id_file_uuid_pk" PRIMARY KEY("part_id","file_uuid")
);
--> statement-breakpoint
CREATE TABLE "part_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"barcode" text,
	"name" text NOT NULL,
	"unit_id" integer,
	"part_type_id" integer,
	"class_name" text,
	"bc_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"kind" text DEFAULT 'session' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used" timestamp with time zone DEFAULT now() NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"revoked" timestamp with time zone,
	CONSTRAINT "auth_tokens_kind_ck" CHECK ("auth_tokens"."kind" in ('session','reset'))
);
--> statement-breakpoint
CREATE TABLE "supplier_category_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_groups" (
	"supplier_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "supplier_groups_supplier_id_group_id_pk" PRIMARY KEY("supplier_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"registration_code" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"country_code" text DEFAULT 'EE' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_new" boolean DEFAULT true NOT NULL,
	"is_employees_can_view_proposal" boolean DEFAULT false NOT NULL,
	"category_update_ts" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"version" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "user_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"personal_code" text,
	"phone" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"bc_code" text,
	"group" text NOT NULL,
	"supplier_id" integer,
	"supplier_role" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_authorized" boolean DEFAULT false NOT NULL,
	"can_blacklist" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'et' NOT NULL,
	"picture" text,
	"last_login" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_group_ck" CHECK ("users"."group" in ('ADMINISTRATOR','CONTRACTOR','MASTER','SUPPLIER')),
	CONSTRAINT "users_supplier_role_ck" CHECK ("users"."supplier_role" is null or "users"."supplier_role" in ('PLAIN','ADVANCED')),
	CONSTRAINT "users_supplier_ck" CHECK (("users"."group" = 'SUPPLIER') = ("users"."supplier_id" is not null and "users"."supplier_role" is not null)),
	CONSTRAINT "users_language_ck" CHECK ("users"."language" in ('et','ru','en'))
);
--> statement-breakpoint
CREATE TABLE "email_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"company_phone" text DEFAULT '' NOT NULL,
	"logo_path" text DEFAULT '' NOT NULL,
	"company_email" text DEFAULT '' NOT NULL,
	"smtp_username" text DEFAULT '' NOT NULL,
	"smtp_password" text DEFAULT '' NOT NULL,
	"from_email" text DEFAULT '' NOT NULL,
	"smtp_server" text DEFAULT '127.0.0.1' NOT NULL,
	"smtp_port" integer DEFAULT 2525 NOT NULL,
	"admin_email" text DEFAULT '' NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_type_ck" CHECK ("email_templates"."type" in ('INTERNAL','EXTERNAL')),
	CONSTRAINT "email_templates_lang_ck" CHECK ("email_templates"."language" in ('EST','RUS','ENG'))
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"key" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"address" text,
	"description" text,
	"group_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"tender_id" integer,
	"action" text NOT NULL,
	"user_id" integer,
	"user_name" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "outbox_status_ck" CHECK ("outbox"."status" in ('pending','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"tender_id" integer NOT NULL,
	"detail_id" integer,
	"supplier_id" integer,
	"user_id" integer,
	"content" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_kind_ck" CHECK ("comments"."kind" in ('TENDER','APPROVER','DETAIL_SUPPLIER','WINNER')),
	CONSTRAINT "comments_len_ck" CHECK (length("comments"."content") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "details" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"replacement_qty" numeric(14, 4) DEFAULT '0' NOT NULL,
	"replenishment_qty" numeric(14, 4) DEFAULT '0' NOT NULL,
	"qty" numeric(14, 4),
	"status" text DEFAULT 'PREPARED' NOT NULL,
	"tender_id" integer,
	"creator_id" integer,
	"order_number" text,
	"customer_number" text,
	"customer_name" text,
	"bc_id" text,
	"bc_status" text,
	"bc_synced" boolean DEFAULT false NOT NULL,
	"bc_sync_running" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "details_status_ck" CHECK ("details"."status" in ('PREPARED','WAITING','ORDERED','FAILED')),
	CONSTRAINT "details_qty_ck" CHECK ("details"."replacement_qty" >= 0 and "details"."replenishment_qty" >= 0),
	CONSTRAINT "details_bc_status_ck" CHECK ("details"."bc_status" is null or "details"."bc_status" in ('incompatible','pending','synced','error','canceled'))
);
--> statement-breakpoint
CREATE TABLE "module_export_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"module_id" integer,
	"status" text DEFAULT 'PROGRESS' NOT NULL,
	"message" text,
	"user_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_export_logs_status_ck" CHECK ("module_export_logs"."status" in ('PROGRESS','SUCCESS','FAILED'))
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"detail_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"user_id" integer,
	"producer_id" integer NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"product_code" text NOT NULL,
	"ean_code" text NOT NULL,
	"available_qty" numeric(14, 4),
	"additional_qty" numeric(14, 4),
	"delivery_date" date NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_price_ck" CHECK ("proposals"."price" >= 0.0001),
	CONSTRAINT "proposals_ean_ck" CHECK ("proposals"."ean_code" ~ '^[0-9]{1,13}$'),
	CONSTRAINT "proposals_code_ck" CHECK (length("proposals"."product_code") between 1 and 35)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"order_code" text NOT NULL,
	"export_code" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tender_logs_action_ck" CHECK ("tender_logs"."action" in ('WATCHED','AGREED'))
);
--> statement-breakpoint
CREATE TABLE "tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_code" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"finish" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"warehouse_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"creator_id" integer,
	"approver_id" integer,
	"approved" timestamp with time zone,
	"bc_id" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenders_status_ck" CHECK ("tenders"."status" in ('DRAFT','WAITING','ACTIVE','FINISHED','CHOOSING','ORDERED','CANCELED','FAILED')),
	CONSTRAINT "tenders_period_ck" CHECK ("tenders"."start" < "tenders"."finish")
);
--> statement-breakpoint
CREATE TABLE "winners" (
	"id" serial PRIMARY KEY NOT NULL,
	"detail_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"reason" text NOT NULL,
	"creator_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "winners_reason_ck" CHECK ("winners"."reason" in ('PRICE','DUE DATE','PRODUCER','TEST')),
	CONSTRAINT "winners_amount_ck" CHECK ("winners"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "blacklist_comments" ADD CONSTRAINT "blacklist_comments_blacklist_id_blacklists_id_fk" FOREIGN KEY ("blacklist_id") REFERENCES "public"."blacklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklist_producers" ADD CONSTRAINT "blacklist_producers_blacklist_id_blacklists_id_fk" FOREIGN KEY ("blacklist_id") REFERENCES "public"."blacklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklist_producers" ADD CONSTRAINT "blacklist_producers_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklists" ADD CONSTRAINT "blacklists_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_groups" ADD CONSTRAINT "category_groups_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_groups" ADD CONSTRAINT "category_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_codes" ADD CONSTRAINT "part_codes_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_files" ADD CONSTRAINT "part_files_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_files" ADD CONSTRAINT "part_files_file_uuid_files_uuid_fk" FOREIGN KEY ("file_uuid") REFERENCES "public"."files"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_types" ADD CONSTRAINT "part_types_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_part_type_id_part_types_id_fk" FOREIGN KEY ("part_type_id") REFERENCES "public"."part_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_category_groups" ADD CONSTRAINT "supplier_category_groups_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_category_groups" ADD CONSTRAINT "supplier_category_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_category_groups" ADD CONSTRAINT "supplier_category_groups_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_groups" ADD CONSTRAINT "supplier_groups_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_groups" ADD CONSTRAINT "supplier_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_consents" ADD CONSTRAINT "terms_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_detail_id_details_id_fk" FOREIGN KEY ("detail_id") REFERENCES "public"."details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "details" ADD CONSTRAINT "details_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "details" ADD CONSTRAINT "details_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "details" ADD CONSTRAINT "details_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "details" ADD CONSTRAINT "details_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_export_logs" ADD CONSTRAINT "module_export_logs_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_export_logs" ADD CONSTRAINT "module_export_logs_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_export_logs" ADD CONSTRAINT "module_export_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_detail_id_details_id_fk" FOREIGN KEY ("detail_id") REFERENCES "public"."details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_logs" ADD CONSTRAINT "tender_logs_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_logs" ADD CONSTRAINT "tender_logs_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_logs" ADD CONSTRAINT "tender_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_detail_id_details_id_fk" FOREIGN KEY ("detail_id") REFERENCES "public"."details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blacklist_comments_bl_idx" ON "blacklist_comments" USING btree ("blacklist_id");--> statement-breakpoint
CREATE INDEX "blacklist_producers_producer_idx" ON "blacklist_producers" USING btree ("producer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blacklists_part_live_uq" ON "blacklists" USING btree ("part_id") WHERE not "blacklists"."is_deleted";--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "part_codes_uq" ON "part_codes" USING btree ("part_id","code");--> statement-breakpoint
CREATE INDEX "part_codes_code_idx" ON "part_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "part_types_name_uq" ON "part_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "parts_code_uq" ON "parts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "parts_name_idx" ON "parts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "parts_part_type_idx" ON "parts" USING btree ("part_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "producers_name_uq" ON "producers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_key_uq" ON "auth_tokens" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_category_groups_uq" ON "supplier_category_groups" USING btree ("supplier_id","group_id","category_id");--> statement-breakpoint
CREATE INDEX "supplier_groups_group_idx" ON "supplier_groups" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_regcode_uq" ON "suppliers" USING btree ("registration_code");--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "suppliers" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_consents_uq" ON "terms_consents" USING btree ("user_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_personal_code_uq" ON "users" USING btree ("personal_code");--> statement-breakpoint
CREATE INDEX "users_supplier_idx" ON "users" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_uq" ON "email_templates" USING btree ("key","type","language");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_live" ON "groups" USING btree (lower("name")) WHERE not "groups"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "modules_name_uq" ON "modules" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "units_code_uq" ON "units" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_uq" ON "warehouses" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_code_uq" ON "warehouses" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_address_uq" ON "warehouses" USING btree (lower("address"));--> statement-breakpoint
CREATE INDEX "warehouses_group_idx" ON "warehouses" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "history_entity_idx" ON "history" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "history_tender_idx" ON "history" USING btree ("tender_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_uq" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "comments_tender_idx" ON "comments" USING btree ("tender_id");--> statement-breakpoint
CREATE INDEX "comments_detail_idx" ON "comments" USING btree ("detail_id");--> statement-breakpoint
CREATE INDEX "details_tender_idx" ON "details" USING btree ("tender_id");--> statement-breakpoint
CREATE INDEX "details_status_created_idx" ON "details" USING btree ("status","created");--> statement-breakpoint
CREATE INDEX "details_warehouse_status_idx" ON "details" USING btree ("warehouse_id","status");--> statement-breakpoint
CREATE INDEX "details_part_idx" ON "details" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "module_export_logs_tender_idx" ON "module_export_logs" USING btree ("tender_id");--> statement-breakpoint
CREATE INDEX "proposals_detail_idx" ON "proposals" USING btree ("detail_id");--> statement-breakpoint
CREATE INDEX "proposals_tender_supplier_idx" ON "proposals" USING btree ("tender_id","supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_no_dup_producer" ON "proposals" USING btree ("detail_id","supplier_id","producer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_uq" ON "purchase_orders" USING btree ("tender_id","supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_code_uq" ON "purchase_orders" USING btree ("order_code");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_logs_uq" ON "tender_logs" USING btree ("tender_id","supplier_id","action");--> statement-breakpoint
CREATE UNIQUE INDEX "tenders_code_uq" ON "tenders" USING btree ("tender_code");--> statement-breakpoint
CREATE INDEX "tenders_start_idx" ON "tenders" USING btree ("start");--> statement-breakpoint
CREATE INDEX "tenders_status_start_idx" ON "tenders" USING btree ("status","start");--> statement-breakpoint
CREATE INDEX "tenders_group_start_idx" ON "tenders" USING btree ("group_id","start");--> statement-breakpoint
CREATE INDEX "tenders_finish_idx" ON "tenders" USING btree ("finish");--> statement-breakpoint
CREATE UNIQUE INDEX "winners_proposal_uq" ON "winners" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "winners_detail_idx" ON "winners" USING btree ("detail_id");