-- A matured pool block whose reward the coin's wallet node did not confirm (not on the main chain,
-- its coinbase not the pool wallet's, another amount) is held: nothing paid, the operators told once
-- per reason. One the node confirmed is recorded and not asked again.
CREATE TABLE "block_chain_checks" (
	"block_id" bigint PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_holds" (
	"block_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"coin" text NOT NULL,
	"detail" text NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "block_holds_block_id_reason_pk" PRIMARY KEY("block_id","reason")
);
--> statement-breakpoint
ALTER TABLE "block_chain_checks" ADD CONSTRAINT "block_chain_checks_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_holds" ADD CONSTRAINT "block_holds_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE no action ON UPDATE no action;