-- The system's reasons in an order's history become codes the web words in each language
-- (orders.service.ts SYSTEM_REASONS); the English sentences written before are mapped to them.
UPDATE "contract_order_events" SET "reason" = 'unpaid_expired' WHERE "actor" = 'system' AND "reason" = 'unpaid for 2 hours';--> statement-breakpoint
UPDATE "contract_order_events" SET "reason" = 'paid_on_chain' WHERE "actor" = 'system' AND "reason" = 'payment received on chain';
