-- One four-eyes request per adjustment key (target = adjustment:<operator>:<key>), pending or done:
-- the same request sent twice at once made two. Copies made before are dropped first, a confirmed
-- one kept (a copy's confirmation posts nothing more: the ledger key is the same).
DELETE FROM "wallet_approvals" a USING "wallet_approvals" b
 WHERE a."kind" = 'adjustment' AND b."kind" = 'adjustment' AND a."target" = b."target"
   AND ((a."status" = 'pending' AND b."status" = 'done') OR (a."status" = b."status" AND (a."requested_at", a."id") > (b."requested_at", b."id")));--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_approvals_adjustment_target" ON "wallet_approvals" USING btree ("target") WHERE "wallet_approvals"."kind" = 'adjustment';
