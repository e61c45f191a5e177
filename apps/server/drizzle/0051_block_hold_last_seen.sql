-- A held block's reason keeps its first time (the operators were told then) and takes each later
-- check's detail and time, so the operators' list shows what the node says now.
ALTER TABLE "block_holds" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "block_holds" SET "last_seen_at" = "alerted_at";
