CREATE TABLE "ingest_watermark" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"points_closed_until" timestamp with time zone NOT NULL
);
