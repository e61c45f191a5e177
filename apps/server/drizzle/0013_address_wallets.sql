CREATE TABLE "address_wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coin" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "address_wallet_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "address_wallets_coin_address_unique" ON "address_wallets" USING btree ("coin","address");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_address_wallet_id_address_wallets_id_fk" FOREIGN KEY ("address_wallet_id") REFERENCES "public"."address_wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_address_idempotency_unique" ON "withdrawals" USING btree ("address_wallet_id","idempotency_key","part_no") WHERE "withdrawals"."address_wallet_id" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_address_wallet_idx" ON "withdrawals" USING btree ("address_wallet_id","created_at") WHERE "withdrawals"."address_wallet_id" is not null;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_holder_check" CHECK (("withdrawals"."account_id" is not null and "withdrawals"."user_id" is not null and "withdrawals"."address_wallet_id" is null) or ("withdrawals"."account_id" is null and "withdrawals"."user_id" is null and "withdrawals"."address_wallet_id" is not null));