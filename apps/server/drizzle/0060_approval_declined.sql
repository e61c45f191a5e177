-- A four-eyes request whose withdrawal was rejected meanwhile is closed as declined (it stayed
-- pending for ever, listed on the approvals page with nothing left to confirm).
ALTER TABLE "wallet_approvals" DROP CONSTRAINT "wallet_approvals_status_check";--> statement-breakpoint
ALTER TABLE "wallet_approvals" ADD CONSTRAINT "wallet_approvals_status_check" CHECK ("wallet_approvals"."status" in ('pending', 'done', 'declined'));