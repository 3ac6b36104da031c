CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "rider_cards_display_name_trgm_idx" ON "rider_cards" USING gin (lower("display_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rider_cards_username_trgm_idx" ON "rider_cards" USING gin (lower("username") gin_trgm_ops);
--> statement-breakpoint
-- The stored profiles gain the delivery record's fields: each is rebuilt at its next read (domain/profileDocument.ts, fresh_until).
UPDATE "profile_documents" SET "fresh_until" = now();
