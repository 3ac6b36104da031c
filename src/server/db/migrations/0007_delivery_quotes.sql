CREATE TABLE "delivery_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request" jsonb NOT NULL,
	"price_kobo" integer NOT NULL,
	"breakdown" jsonb NOT NULL,
	"distance_km" numeric(7, 1),
	"chargeable_weight_kg" numeric(7, 1),
	"rate_card_version" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_ip_hash" text,
	"api_key_id" uuid
);
--> statement-breakpoint
CREATE TABLE "rate_cards" (
	"version" integer PRIMARY KEY NOT NULL,
	"card" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
ALTER TABLE "delivery_quotes" ADD CONSTRAINT "delivery_quotes_rate_card_version_rate_cards_version_fk" FOREIGN KEY ("rate_card_version") REFERENCES "public"."rate_cards"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_cards" ADD CONSTRAINT "rate_cards_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_quotes_expires_idx" ON "delivery_quotes" USING btree ("expires_at");