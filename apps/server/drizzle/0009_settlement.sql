CREATE TABLE "profits" (
	"account_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"day" date NOT NULL,
	"method" text NOT NULL,
	"work" double precision NOT NULL,
	"fee_rate" numeric NOT NULL,
	"gross" numeric NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	CONSTRAINT "profits_account_id_coin_day_method_pk" PRIMARY KEY("account_id","coin","day","method")
);
--> statement-breakpoint
CREATE TABLE "settlement_runs" (
	"coin" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"network_difficulty" numeric NOT NULL,
	"block_subsidy" numeric(38, 18) NOT NULL,
	"avg_fees_per_block" numeric(38, 18) NOT NULL,
	"accounts" integer,
	"paid" numeric(38, 18),
	"remainder" numeric,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "settlement_runs_coin_day_pk" PRIMARY KEY("coin","day"),
	CONSTRAINT "settlement_runs_status_check" CHECK ("settlement_runs"."status" in ('computed', 'done'))
);
--> statement-breakpoint
CREATE INDEX "profits_coin_day_idx" ON "profits" USING btree ("coin","day");--> statement-breakpoint
CREATE INDEX "owner_history_coin_bucket_idx" ON "owner_history" USING btree ("coin","bucket");