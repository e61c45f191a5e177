CREATE TABLE "loan_accruals" (
	"loan_id" uuid NOT NULL,
	"day" date NOT NULL,
	"interest" numeric(38, 18) NOT NULL,
	CONSTRAINT "loan_accruals_loan_id_day_pk" PRIMARY KEY("loan_id","day")
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"coin" text NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"rate" numeric(20, 12) NOT NULL,
	"rate_period" text NOT NULL,
	"period_days" integer NOT NULL,
	"capacity" numeric(38, 18) NOT NULL,
	"auto_approve_below" numeric(38, 18),
	"status" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"source" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"interest" numeric(38, 18) NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"stake_id" uuid,
	"status" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"principal_due" numeric(38, 18) NOT NULL,
	"interest_due" numeric(38, 18) DEFAULT '0' NOT NULL,
	"interest_repaid" numeric(38, 18) DEFAULT '0' NOT NULL,
	"principal_repaid" numeric(38, 18) DEFAULT '0' NOT NULL,
	"rate" numeric(20, 12) NOT NULL,
	"rate_period" text NOT NULL,
	"period_days" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"interest_through" date,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stake_accruals" (
	"stake_id" uuid NOT NULL,
	"day" date NOT NULL,
	"base" numeric(38, 18) NOT NULL,
	"reward" numeric(38, 18) NOT NULL,
	CONSTRAINT "stake_accruals_stake_id_day_pk" PRIMARY KEY("stake_id","day")
);
--> statement-breakpoint
CREATE TABLE "stake_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"coin" text NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"annual_rate" numeric(20, 12) NOT NULL,
	"fee_rate" numeric(20, 12) NOT NULL,
	"status" text NOT NULL,
	"duration_type" text NOT NULL,
	"stake_type" text NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stake_batches_days_check" CHECK ("stake_batches"."end_day" > "stake_batches"."start_day")
);
--> statement-breakpoint
CREATE TABLE "stake_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"stake_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"delta" numeric(38, 18) NOT NULL,
	"idempotency_key" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"unclaimed_reward" numeric(38, 18) DEFAULT '0' NOT NULL,
	"claimed_reward" numeric(38, 18) DEFAULT '0' NOT NULL,
	"forfeited_reward" numeric(38, 18) DEFAULT '0' NOT NULL,
	"accrued_through" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "stakes_amount_check" CHECK ("stakes"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loan_accruals" ADD CONSTRAINT "loan_accruals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_stake_id_stakes_id_fk" FOREIGN KEY ("stake_id") REFERENCES "public"."stakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stake_accruals" ADD CONSTRAINT "stake_accruals_stake_id_stakes_id_fk" FOREIGN KEY ("stake_id") REFERENCES "public"."stakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stake_changes" ADD CONSTRAINT "stake_changes_stake_id_stakes_id_fk" FOREIGN KEY ("stake_id") REFERENCES "public"."stakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_batch_id_stake_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stake_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_repayments_key_unique" ON "loan_repayments" USING btree ("loan_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open_per_user" ON "loans" USING btree ("user_id") WHERE "loans"."status" in ('pending', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "loans_key_unique" ON "loans" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "loans_product_idx" ON "loans" USING btree ("product_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "stake_batches_code_unique" ON "stake_batches" USING btree ("code");--> statement-breakpoint
CREATE INDEX "stake_changes_stake_idx" ON "stake_changes" USING btree ("stake_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "stake_changes_key_unique" ON "stake_changes" USING btree ("stake_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "stakes_one_active_per_user" ON "stakes" USING btree ("user_id") WHERE "stakes"."status" = 'active';--> statement-breakpoint
CREATE INDEX "stakes_batch_idx" ON "stakes" USING btree ("batch_id","status");