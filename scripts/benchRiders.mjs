// The riders the API benchmarks seed (bench:api, bench-profile-write.mjs): `count` riders with
// whole profiles (personal information, three jobs, two past employers), written by four
// set-based inserts; the callers add sessions, cards and profile documents as they need.
import { sql } from 'drizzle-orm';

export async function seedBenchRiders(db, count) {
  await db.execute(sql`
    insert into users (username, email, user_type, profile_completed, current_tab, state, town, phone, introduction, bio, created_at, updated_at)
    select 'bench_rider_' || i, 'bench.rider.' || i || '@example.com', 1, 1, 5, 'Lagos',
           (array['Yaba','Ikeja','Surulere','Lekki','Ogba','Ajah','Apapa','Gbagada'])[1 + i % 8],
           '+23480' || lpad(i::text, 8, '0'),
           'Careful rider on the mainland, ' || (1 + i % 12) || ' years on Lagos roads',
           'I have delivered parcels across Lagos since ' || (2010 + i % 14) || '. Safe, on time and polite, in rain or traffic.',
           now(), now()
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`
    insert into personal_info (user_id, total_years_of_experience, languages_spoken, education)
    select id, (array['0-2','3-5','6-10','10+'])[1 + abs(hashtext(id::text)) % 4], 'English, Yoruba, Pidgin', 'Diploma' from users`);
  await db.execute(sql`
    insert into work_histories (user_id, position, company_name, number_of_years, start_date, end_date)
    select u.id, j.position, j.company, '1-2', j.started::date, j.ended::date from users u
    cross join (values ('Lead rider', 'Gokada', '2019-03-01', null), ('Courier', 'Kwik Delivery', '2016-05-01', '2018-12-31'),
                       ('Dispatch rider', 'Sendbox', '2015-01-01', '2016-04-30')) as j(position, company, started, ended)`);
  await db.execute(sql`
    insert into past_employees (user_id, company_name, company_contact, start_date, end_date)
    select u.id, e.company, 'Tunde, 0803 555 0101', e.started::date, e.ended::date from users u
    cross join (values ('Max.ng', '2013-01-10', '2014-04-30'), ('Jumia Logistics', '2011-06-01', '2012-12-31')) as e(company, started, ended)`);
}
