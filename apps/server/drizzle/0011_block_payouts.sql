CREATE TABLE "block_payouts" (
	"block_id" bigint NOT NULL,
	"account_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"day" date NOT NULL,
	"method" text NOT NULL,
	"work" double precision NOT NULL,
	"fee_rate" numeric NOT NULL,
	"gross" numeric NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	CONSTRAINT "block_payouts_block_id_account_id_method_pk" PRIMARY KEY("block_id","account_id","method")
);
--> statement-breakpoint
CREATE TABLE "block_settlements" (
	"block_id" bigint PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"reward" numeric(38, 18) NOT NULL,
	"subsidy" numeric(38, 18),
	"window_target" double precision,
	"window_work" double precision,
	"paid" numeric(38, 18),
	"remainder" numeric,
	"computed_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "block_settlements_status_check" CHECK ("block_settlements"."status" in ('computed', 'done')),
	CONSTRAINT "block_settlements_outcome_check" CHECK ("block_settlements"."outcome" in ('paid', 'orphaned', 'solo'))
);
--> statement-breakpoint
ALTER TABLE "block_payouts" ADD CONSTRAINT "block_payouts_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_settlements" ADD CONSTRAINT "block_settlements_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_payouts_account_idx" ON "block_payouts" USING btree ("account_id","coin","day");--> statement-breakpoint
CREATE INDEX "block_settlements_open_idx" ON "block_settlements" USING btree ("status") WHERE "block_settlements"."status" <> 'done';