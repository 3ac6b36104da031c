CREATE TABLE "delivery_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"rider_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"staff_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rider_availability" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "rider_pay_kobo" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "deliver_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "delivery_code_hash" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "delivery_code_tries" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "proof_file_id" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "cash_collected_kobo" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "failure_note" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "sender_rating" smallint;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "sender_comment" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "action" text DEFAULT 'booked' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "actor" text DEFAULT 'sender' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "client_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "personal_info" ADD COLUMN "id_kind" text;--> statement-breakpoint
ALTER TABLE "rider_cards" ADD COLUMN "deliveries_completed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rider_cards" ADD COLUMN "deliveries_on_time" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rider_cards" ADD COLUMN "delivery_rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rider_cards" ADD COLUMN "delivery_rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_offers" ADD CONSTRAINT "delivery_offers_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_offers" ADD CONSTRAINT "delivery_offers_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_offers" ADD CONSTRAINT "delivery_offers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_availability" ADD CONSTRAINT "rider_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_offers_pair_key" ON "delivery_offers" USING btree ("delivery_id","rider_id");--> statement-breakpoint
CREATE INDEX "delivery_offers_rider_open_idx" ON "delivery_offers" USING btree ("rider_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "delivery_offers_due_idx" ON "delivery_offers" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "rider_availability_areas_idx" ON "rider_availability" USING gin ("areas");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_events_client_key" ON "delivery_events" USING btree ("delivery_id","client_key");