CREATE TABLE "earning_fee_rates" (
	"coin" text NOT NULL,
	"method" text NOT NULL,
	"fee_rate" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "earning_fee_rates_coin_method_pk" PRIMARY KEY("coin","method"),
	CONSTRAINT "earning_fee_rates_method_check" CHECK ("earning_fee_rates"."method" in ('pps_plus', 'fpps', 'pplns', 'solo')),
	CONSTRAINT "earning_fee_rates_rate_check" CHECK ("earning_fee_rates"."fee_rate" >= 0 and "earning_fee_rates"."fee_rate" < 100)
);
--> statement-breakpoint
CREATE TABLE "market_data" (
	"coin" text NOT NULL,
	"day" date NOT NULL,
	"network_difficulty" numeric NOT NULL,
	"block_subsidy" numeric(38, 18) NOT NULL,
	"avg_fees_per_block" numeric(38, 18) NOT NULL,
	"price_usd" numeric(38, 18),
	"source" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_data_coin_day_pk" PRIMARY KEY("coin","day"),
	CONSTRAINT "market_data_values_check" CHECK ("market_data"."network_difficulty" > 0 and "market_data"."block_subsidy" > 0 and "market_data"."avg_fees_per_block" >= 0 and ("market_data"."price_usd" is null or "market_data"."price_usd" > 0))
);
--> statement-breakpoint
CREATE TABLE "pay_method_switches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"from_method" text NOT NULL,
	"to_method" text NOT NULL,
	"switched_at" timestamp with time zone NOT NULL,
	"effective_from" date NOT NULL,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "pay_methods" (
	"account_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"method" text NOT NULL,
	"previous_method" text,
	"switched_at" timestamp with time zone,
	"effective_from" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_methods_account_id_coin_pk" PRIMARY KEY("account_id","coin"),
	CONSTRAINT "pay_methods_method_check" CHECK ("pay_methods"."method" in ('pps_plus', 'fpps', 'pplns', 'solo')),
	CONSTRAINT "pay_methods_previous_check" CHECK ("pay_methods"."previous_method" is null or "pay_methods"."previous_method" in ('pps_plus', 'fpps', 'pplns', 'solo'))
);
--> statement-breakpoint
ALTER TABLE "earning_fee_rates" ADD CONSTRAINT "earning_fee_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_data" ADD CONSTRAINT "market_data_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_method_switches" ADD CONSTRAINT "pay_method_switches_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_method_switches" ADD CONSTRAINT "pay_method_switches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_methods" ADD CONSTRAINT "pay_methods_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_method_switches_account_idx" ON "pay_method_switches" USING btree ("account_id","coin","effective_from");