-- Only a user's repayment key is unique: the settlement's `settlement:<day>` may repeat in a day
-- (earnings credited after a partial settlement), and a client key must not be able to block it.
DROP INDEX "loan_repayments_key_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "loan_repayments_user_key_unique" ON "loan_repayments" USING btree ("loan_id","idempotency_key") WHERE "loan_repayments"."source" = 'user';