-- A payment sent and still unconfirmed hours later is told to the finance operators, once:
-- stuck_alerted_at marks it told (stuck-payments.ts).
ALTER TABLE "withdrawals" ADD COLUMN "stuck_alerted_at" timestamp with time zone;