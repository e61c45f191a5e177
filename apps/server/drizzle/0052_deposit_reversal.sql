-- A deposit whose transaction a double spend replaced on the chain: failed if never credited,
-- reversed (and taken back as far as the sub-account holds it) if it was. unlisted_checked_at
-- rotates the deposits the node's wallet no longer lists through the checks of each pass;
-- relisted_at marks a reversed deposit back on the chain, told to the operators once.
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status_check";--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "unrecovered" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "unlisted_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "relisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('confirming', 'credited', 'failed', 'reversed'));