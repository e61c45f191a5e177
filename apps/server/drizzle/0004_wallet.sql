CREATE TABLE "ledger_balances" (
	"holder" text NOT NULL,
	"coin" text NOT NULL,
	"available" numeric(38, 18) DEFAULT '0' NOT NULL,
	"frozen" numeric(38, 18) DEFAULT '0' NOT NULL,
	"locked" numeric(38, 18) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_balances_holder_coin_pk" PRIMARY KEY("holder","coin"),
	CONSTRAINT "ledger_balances_non_negative" CHECK ("ledger_balances"."holder" like 'sys:%' or ("ledger_balances"."available" >= 0 and "ledger_balances"."frozen" >= 0 and "ledger_balances"."locked" >= 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"posting_id" bigint NOT NULL,
	"holder" text NOT NULL,
	"coin" text NOT NULL,
	"bucket" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	CONSTRAINT "ledger_entries_holder_coin_posting_id_bucket_pk" PRIMARY KEY("holder","coin","posting_id","bucket"),
	CONSTRAINT "ledger_entries_bucket_check" CHECK ("ledger_entries"."bucket" in ('available', 'frozen', 'locked')),
	CONSTRAINT "ledger_entries_nonzero_check" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"business_type" text NOT NULL,
	"reference" text,
	"memo" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_user_id" uuid,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"account_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_account_id_coin_pk" PRIMARY KEY("account_id","coin")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"address" text NOT NULL,
	"txid" text NOT NULL,
	"vout" integer DEFAULT 0 NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('confirming', 'credited'))
);
--> statement-breakpoint
CREATE TABLE "internal_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_account_id" uuid NOT NULL,
	"to_account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internal_transfers_amount_check" CHECK ("internal_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"account_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"address_id" uuid NOT NULL,
	"threshold" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_settings_account_id_coin_pk" PRIMARY KEY("account_id","coin")
);
--> statement-breakpoint
CREATE TABLE "sim_chain_txs" (
	"txid" text PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"direction" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"height" integer NOT NULL,
	"dropped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_chain_txs_direction_check" CHECK ("sim_chain_txs"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "wallet_coin_limits" (
	"coin" text PRIMARY KEY NOT NULL,
	"withdraw_enabled" boolean DEFAULT true NOT NULL,
	"deposit_enabled" boolean DEFAULT true NOT NULL,
	"min_withdraw" numeric(38, 18) NOT NULL,
	"withdraw_fee" numeric(38, 18) NOT NULL,
	"max_single_withdraw" numeric(38, 18) NOT NULL,
	"audit_threshold" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"alias" text NOT NULL,
	"address" text NOT NULL,
	"public_key" text,
	"chain" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"part_no" integer NOT NULL,
	"parts" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"address" text NOT NULL,
	"public_key" text,
	"chain" integer,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"origin" text DEFAULT 'user' NOT NULL,
	"idempotency_key" text NOT NULL,
	"txid" text,
	"reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('reviewing', 'processing', 'broadcast', 'completed', 'rejected', 'failed')),
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > "withdrawals"."fee" and "withdrawals"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coins" ADD COLUMN "price_usd" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_transfers" ADD CONSTRAINT "internal_transfers_from_account_id_mining_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_transfers" ADD CONSTRAINT "internal_transfers_to_account_id_mining_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_transfers" ADD CONSTRAINT "internal_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_address_id_withdraw_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."withdraw_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_addresses" ADD CONSTRAINT "withdraw_addresses_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_key_unique" ON "ledger_postings" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_postings_reference_idx" ON "ledger_postings" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_unique" ON "deposit_addresses" USING btree ("coin","address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tx_unique" ON "deposits" USING btree ("coin","txid","vout");--> statement-breakpoint
CREATE INDEX "deposits_account_idx" ON "deposits" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "internal_transfers_idempotency_unique" ON "internal_transfers" USING btree ("from_account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sim_chain_txs_coin_idx" ON "sim_chain_txs" USING btree ("coin","direction");--> statement-breakpoint
CREATE INDEX "withdraw_addresses_account_idx" ON "withdraw_addresses" USING btree ("account_id","coin");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_addresses_unique" ON "withdraw_addresses" USING btree ("account_id","coin","address") WHERE "withdraw_addresses"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_idempotency_unique" ON "withdrawals" USING btree ("account_id","idempotency_key","part_no");--> statement-breakpoint
CREATE INDEX "withdrawals_account_idx" ON "withdrawals" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");