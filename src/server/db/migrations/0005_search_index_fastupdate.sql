-- Company search's two GIN indexes merge every change at once instead of queueing it in a
-- pending list (fastupdate), which each search would otherwise read in full until the next
-- vacuum: rider cards change one at a time all day, and a search must stay under 50 ms p95
-- (npm run bench:search). https://www.postgresql.org/docs/current/gin.html#GIN-FAST-UPDATE
ALTER INDEX "rider_cards_languages_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "rider_cards_search_idx" SET (fastupdate = off);
