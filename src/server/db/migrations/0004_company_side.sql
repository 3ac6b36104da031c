CREATE TABLE "companies" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"contact_person" text NOT NULL,
	"cac_number" text,
	"logo_file_id" uuid,
	"waitlist_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engagements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"rider_id" uuid NOT NULL,
	"role" text NOT NULL,
	"state" text NOT NULL,
	"town" text NOT NULL,
	"start_date" date NOT NULL,
	"pay_note" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"end_outcome" text,
	"review_deadline" timestamp with time zone,
	"reviews_published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engagement_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text NOT NULL,
	"would_hire_again" boolean,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rider_cards" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"introduction" text,
	"state" text,
	"town" text,
	"experience" text,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"education" text,
	"id_verified" boolean DEFAULT false NOT NULL,
	"picture_file_id" uuid,
	"job_success" smallint,
	"jobs_counted" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_average_x100" integer,
	"completed_at" timestamp with time zone,
	"search" "tsvector",
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shortlists" (
	"company_id" uuid NOT NULL,
	"rider_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_cards" ADD CONSTRAINT "rider_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagements_rider_idx" ON "engagements" USING btree ("rider_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "engagements_company_idx" ON "engagements" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "engagements_due_idx" ON "engagements" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "engagements_review_due_idx" ON "engagements" USING btree ("review_deadline") WHERE reviews_published_at is null and review_deadline is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "engagements_open_pair_key" ON "engagements" USING btree ("company_id","rider_id") WHERE status in ('requested', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_engagement_author_key" ON "reviews" USING btree ("engagement_id","author_role");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rider_cards_search_idx" ON "rider_cards" USING gin ("search");--> statement-breakpoint
CREATE INDEX "rider_cards_languages_idx" ON "rider_cards" USING gin ("languages");--> statement-breakpoint
CREATE INDEX "rider_cards_success_idx" ON "rider_cards" USING btree ("listed",coalesce("job_success", -1) desc,"user_id");--> statement-breakpoint
CREATE INDEX "rider_cards_rating_idx" ON "rider_cards" USING btree ("listed",coalesce("rating_average_x100", -1) desc,"user_id");--> statement-breakpoint
CREATE INDEX "rider_cards_newest_idx" ON "rider_cards" USING btree ("listed","completed_at" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "rider_cards_place_idx" ON "rider_cards" USING btree ("listed","state","town");--> statement-breakpoint
CREATE UNIQUE INDEX "shortlists_pair_key" ON "shortlists" USING btree ("company_id","rider_id");--> statement-breakpoint
CREATE INDEX "shortlists_company_idx" ON "shortlists" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Riders who signed up before company search existed get their cards; the app keeps them
-- fresh from here on (src/server/plugins/riderCards.ts, the same select).
INSERT INTO "rider_cards" ("user_id", "listed", "username", "display_name", "introduction", "state", "town", "experience", "languages", "education", "id_verified", "picture_file_id", "completed_at", "search")
SELECT u."id", (u."profile_completed" = 1 AND u."suspended_at" IS NULL), u."username", u."username", u."introduction", u."state", u."town",
  p."total_years_of_experience",
  coalesce(array(SELECT DISTINCT lower(trim(l)) FROM regexp_split_to_table(coalesce(p."languages_spoken", ''), '\s*(?:,|/|;|\mand\M)\s*') AS l WHERE trim(l) <> ''), '{}'::text[]),
  p."education", coalesce(p."id_review_status" = 'approved', false), u."picture_file_id",
  CASE WHEN u."profile_completed" = 1 THEN u."updated_at" END,
  setweight(to_tsvector('english', coalesce(u."introduction", '')), 'A')
    || setweight(to_tsvector('english', coalesce(u."bio", '')), 'B')
    || setweight(to_tsvector('english', coalesce((SELECT string_agg(w."position" || ' ' || w."company_name", ' ') FROM "work_histories" w WHERE w."user_id" = u."id"), '')), 'C')
FROM "users" u LEFT JOIN "personal_info" p ON p."user_id" = u."id"
WHERE u."user_type" = 1;
