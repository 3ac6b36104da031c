CREATE TABLE "profile_documents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"etag" text NOT NULL,
	"fresh_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_documents" ADD CONSTRAINT "profile_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every rider's profile document, built by the statement domain/profileDocument.ts runs on each
-- write (refreshProfileDocument), as it was when this migration was written; a read rebuilds
-- any document missing or gone stale (fresh_until) on its own.
insert into profile_documents (user_id, body, etag, fresh_until, updated_at)
select user_id, body, etag, fresh_until, now() from (
  select u.id as user_id, u.user_type, d.body, '"' || md5(d.body) || '"' as etag, d.fresh_until
  from users u
  left join rider_cards rc on rc.user_id = u.id
  cross join lateral (select jsonb_build_object(
    'user', jsonb_build_object(
        'username', u.username, 'email', u.email, 'phone', u.phone, 'address', u.address,
        'town', u.town, 'state', u.state, 'introduction', u.introduction, 'bio', u.bio,
        'picture', case when u.picture_file_id is null then null
          else jsonb_build_object('url', '/files/'::text || u.picture_file_id) end,
        'user_type', u.user_type, 'profile_completed', u.profile_completed, 'current_tab', u.current_tab,
        'has_password', u.password_hash is not null
      )
      || case when coalesce(u.first_name, '') <> '' then jsonb_build_object('first_name', u.first_name) else '{}'::jsonb end
      || case when coalesce(u.last_name, '') <> '' then jsonb_build_object('last_name', u.last_name) else '{}'::jsonb end,
    'workHistories', coalesce((
      select jsonb_agg(jsonb_build_object(
        '_id', w.id, 'position', w.position, 'company_name', w.company_name,
        'number_of_years', w.number_of_years, 'start_date', w.start_date, 'end_date', w.end_date
      ) order by w.end_date desc nulls first, w.start_date desc, w.created_at desc)
      from work_histories w where w.user_id = u.id
    ), '[]'::jsonb),
    'pastEmployees', coalesce((
      select jsonb_agg(jsonb_build_object(
        '_id', e.id, 'company_name', e.company_name, 'company_contact', e.company_contact,
        'start_date', e.start_date, 'end_date', e.end_date
      ) order by e.end_date desc, e.start_date desc, e.created_at desc)
      from past_employees e where e.user_id = u.id
    ), '[]'::jsonb),
    'personalInfo', (
      select jsonb_build_object(
        'total_years_of_experience', p.total_years_of_experience,
        'languages_spoken', p.languages_spoken,
        'education', p.education,
        'valid_id', (
select jsonb_build_object('url', '/files/'::text || f.id, 'extension', f.extension, 'original_name', f.original_name)
from files f where f.id = p.valid_id_file_id and f.owner_id = p.user_id
),
        'rider_id_card', (
select jsonb_build_object('url', '/files/'::text || f.id, 'extension', f.extension, 'original_name', f.original_name)
from files f where f.id = p.rider_id_card_file_id and f.owner_id = p.user_id
),
        'id_review_status', p.id_review_status,
        'id_review_reason', p.id_review_reason
      )
      from personal_info p where p.user_id = u.id
    ),
    'reputation', jsonb_build_object(
      'job_success', rc.job_success,
      'jobs_counted', coalesce(rc.jobs_counted, 0),
      'review_count', coalesce(rc.review_count, 0),
      'rating_average_x100', rc.rating_average_x100,
      'reviewed', (select count(*) from reviews r join engagements re on re.id = r.engagement_id where r.subject_id = u.id and r.author_role = 'company' and r.hidden_at is null and re.status = 'ended'
and re.ended_at >= now() - interval '24 months' and re.ended_at <= now() and (re.reviews_published_at is not null or (re.review_deadline is not null and re.review_deadline <= now())))
    )
  )::text as body,
  -- When 'reviewed' can next change without a write: a review window closing, a job's end
  -- time arriving, or a counted job leaving the 24-month window (a minute from now when
  -- month arithmetic puts that moment in the past for a job still counted: 29 February).
  (select min(t) from (
      select e.review_deadline as t from engagements e
      where e.rider_id = u.id and e.status = 'ended' and e.reviews_published_at is null and e.review_deadline > now()
    union all
      select e.ended_at from engagements e where e.rider_id = u.id and e.status = 'ended' and e.ended_at > now()
    union all
      select case when re.ended_at + interval '24 months' > now() then re.ended_at + interval '24 months'
        else now() + interval '1 minute' end
      from reviews r join engagements re on re.id = r.engagement_id where r.subject_id = u.id and r.author_role = 'company' and r.hidden_at is null and re.status = 'ended'
and re.ended_at >= now() - interval '24 months' and re.ended_at <= now() and (re.reviews_published_at is not null or (re.review_deadline is not null and re.review_deadline <= now()))
  ) as moments) as fresh_until) as d
  where true) as built
where built.user_type = 1
on conflict (user_id) do update set
  body = excluded.body, etag = excluded.etag, fresh_until = excluded.fresh_until, updated_at = excluded.updated_at;
