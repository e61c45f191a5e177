-- A matured pool block whose reward the coin's node did not confirm (not on the main chain, its
-- coinbase not the pool's wallet's, or another amount) is held: nothing paid, the operators told once.
CREATE TABLE "block_holds" (
	"block_id" bigint PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "block_holds" ADD CONSTRAINT "block_holds_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE no action ON UPDATE no action;