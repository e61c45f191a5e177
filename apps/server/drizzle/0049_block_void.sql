-- A held block (its reward did not check out on the chain) an operator gives up is settled as void:
-- nothing paid, not checked again; the audit log has who and why.
ALTER TABLE "block_settlements" DROP CONSTRAINT "block_settlements_outcome_check";--> statement-breakpoint
ALTER TABLE "block_settlements" ADD CONSTRAINT "block_settlements_outcome_check" CHECK ("block_settlements"."outcome" in ('paid', 'orphaned', 'solo', 'void'));