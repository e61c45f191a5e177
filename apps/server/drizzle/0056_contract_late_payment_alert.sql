-- A USDT payment that reaches a cancelled or rejected order's address is told to the finance
-- operators once (orders.service.ts scanPayments): late_payment_alerted_at marks it told.
ALTER TABLE "contract_orders" ADD COLUMN "late_payment_alerted_at" timestamp with time zone;