CREATE TABLE "wallet_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"detail" jsonb NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "wallet_approvals_kind_check" CHECK ("wallet_approvals"."kind" in ('withdrawal', 'adjustment')),
	CONSTRAINT "wallet_approvals_status_check" CHECK ("wallet_approvals"."status" in ('pending', 'done'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_coin_limits" ADD COLUMN "four_eyes_threshold" numeric(38, 18);--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_approvals_pending_target" ON "wallet_approvals" USING btree ("target") WHERE "wallet_approvals"."status" = 'pending' and "wallet_approvals"."kind" = 'withdrawal';