CREATE TABLE "contract_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"request_key" text NOT NULL,
	"product_name" text NOT NULL,
	"coin" text NOT NULL,
	"units" integer NOT NULL,
	"hashrate" numeric(38, 18) NOT NULL,
	"hashrate_unit" text NOT NULL,
	"duration_days" integer NOT NULL,
	"power_watts" numeric(38, 18) NOT NULL,
	"electricity_rate" numeric(38, 18) NOT NULL,
	"management_fee" numeric(38, 18) NOT NULL,
	"amount_usdt" numeric(38, 18) NOT NULL,
	"pay_method" text NOT NULL,
	"pay_amount" numeric(38, 18) NOT NULL,
	"pay_currency" text NOT NULL,
	"pay_address" text,
	"pay_reference" text NOT NULL,
	"certificate_file_id" uuid,
	"status" text NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"effect_date" text,
	"end_date" text,
	"profit_carry" numeric(38, 18) DEFAULT '0' NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"coin" text NOT NULL,
	"hashrate" numeric(38, 18) NOT NULL,
	"hashrate_unit" text NOT NULL,
	"duration_days" integer NOT NULL,
	"price_usdt" numeric(38, 18) NOT NULL,
	"price_fiat" numeric(38, 18),
	"fiat_currency" text NOT NULL,
	"power_watts" numeric(38, 18) NOT NULL,
	"electricity_rate" numeric(38, 18) NOT NULL,
	"management_fee" numeric(38, 18) NOT NULL,
	"inventory" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"sale_start" timestamp with time zone NOT NULL,
	"sale_end" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"terms" jsonb NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_products_inventory_check" CHECK ("contract_products"."inventory" >= 0 and "contract_products"."sold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contract_profits" (
	"order_id" uuid NOT NULL,
	"day" text NOT NULL,
	"output" numeric(38, 18) NOT NULL,
	"electricity" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"net" numeric(38, 18) NOT NULL,
	"credited" numeric(38, 18) NOT NULL,
	"shortfall" boolean NOT NULL,
	"price_usd" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_profits_order_id_day_pk" PRIMARY KEY("order_id","day")
);
--> statement-breakpoint
CREATE TABLE "contract_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_order_events" ADD CONSTRAINT "contract_order_events_order_id_contract_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."contract_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_orders" ADD CONSTRAINT "contract_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_orders" ADD CONSTRAINT "contract_orders_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_orders" ADD CONSTRAINT "contract_orders_product_id_contract_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."contract_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_profits" ADD CONSTRAINT "contract_profits_order_id_contract_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."contract_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_order_events_order_idx" ON "contract_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_orders_request_key" ON "contract_orders" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "contract_orders_user_idx" ON "contract_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contract_orders_status_idx" ON "contract_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_orders_pay_address" ON "contract_orders" USING btree ("pay_address");