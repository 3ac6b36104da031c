// Console lists benchmark (DESIGN.md §8): `npm run bench:ops [-- --rows 100000 --requests 200]`.
//
// "Lists and searches (operations console) answer a page in ≤ 50 ms at p95 with 100,000 rows on
// PostgreSQL." Makes a throw-away database on the PostgreSQL server at 127.0.0.1:5432 (or
// TEST_POSTGRES_URL), migrates it, fills it with --rows inbox items (enquiries, quotes and
// waitlist entries, with realistic names, addresses and messages, over two years) and --rows
// riders (with state, town, personal information, a share of them awaiting an ID check), then
// asks the real app (buildApp, through inject: the routes, their schemas, the staff session
// check and the queries; no sockets) for each list's first page, a deep page (a cursor 90% of
// the way down: keyset paging costs the same at any depth), a filter and a search, --requests
// times each after a warm-up, and prints p50/p95 per case. Exit code 1 when a p95 is over 50 ms.
// The database is dropped at the end.
import { performance } from 'node:perf_hooks';
import { benchOptions, measureCases, runBenchOnDatabase } from './bench-db.mjs';

const { rows: ROWS, requests: REQUESTS } = benchOptions({ rows: 100_000, requests: 200 });
const BUDGET_MS = 50;

const { buildApp } = await import('../src/server/app.ts');
const { startStaffSession, STAFF_TOKEN_HEADER } = await import('../src/server/plugins/staffAuth.ts');
const { encodeCursor } = await import('../src/server/lib/keyset.ts');

await runBenchOnDatabase('ops', async ({ config, database, seeder, onClose }) => {
  const started = performance.now();
  // Generated in the server: arrays of real names, places and requests, picked by the row number.
  await seeder.query(`
    create temporary table words as select
      array['Adebayo','Chiamaka','Tunde','Ngozi','Emeka','Funke','Ibrahim','Aisha','Segun','Kemi','Obinna','Halima','Yusuf','Bisi','Chinedu','Zainab','Femi','Amaka','Musa','Tope'] as first,
      array['Okafor','Adeyemi','Balogun','Eze','Bello','Okonkwo','Adewale','Nwosu','Lawal','Ogunleye','Abubakar','Olawale','Chukwu','Salami','Danjuma','Ojo'] as last,
      array['Ikeja','Yaba','Surulere','Lekki','Ajah','Ikorodu','Ogba','Agege','Festac','Apapa','Victoria Island','Magodo','Gbagada','Oshodi','Ojota','Maryland'] as town,
      array['Lagos','Lagos','Lagos','Ogun','Oyo','Lagos','Rivers','Lagos','Abuja Federal Capital Territory','Lagos'] as state,
      array['Need 20 parcels moved from Ikeja to Lekki every morning','How much to send documents to Abuja by Friday?','Same-day delivery of pharmacy orders around Yaba','Quote for moving boutique stock from Balogun market to Surulere','Can you pick up from our Apapa warehouse daily?','International delivery to Toronto: price for 5 kg','We bake cakes in Gbagada and need careful riders at weekends','Food delivery partnership for our Ogba restaurant'] as message,
      array['Kwik Foods','Balogun Fabrics','Yaba Pharmacy','Lekki Bakes','Apapa Logistics','Ikeja Gadgets','Surulere Books','Ogba Grills'] as company`);
  await seeder.query(`
    with gen as (
      select i, (select first[1 + i % 20] || ' ' || last[1 + (i / 20) % 16] from words) as name,
             (select message[1 + i % 8] from words) as message,
             now() - make_interval(secs => i * (730 * 86400.0 / ${ROWS})) as at
      from generate_series(1, ${ROWS}) as i
    ), enq as (
      insert into enquiries (kind, name, email, phone, message, created_at)
      select case when i % 3 = 0 then 'quote' else 'enquiry' end, name, lower(replace(name, ' ', '.')) || i || '@example.com', '+23480' || lpad((i % 100000000)::text, 8, '0'), message, at
      from gen where i % 5 <> 0
      returning id, kind, name, email, phone, message, created_at
    )
    insert into inbox_items (kind, enquiry_id, name, email, phone, message, status, created_at, updated_at)
    select kind, id, name, email, phone, message,
           (array['new','open','answered','closed'])[1 + (abs(hashtext(id::text)) % 4)], created_at, created_at
    from enq`);
  await seeder.query(`
    with gen as (
      select i, (select company[1 + i % 8] from words) || ' ' || i as company, (select message[1 + i % 8] from words) as message,
             now() - make_interval(secs => i * (730 * 86400.0 / ${ROWS})) as at
      from generate_series(1, ${ROWS}) as i where i % 5 = 0
    ), w as (
      insert into waitlist_entries (company_name, email, features, created_at, updated_at)
      select company, 'hello' || i || '@company' || (i % 97) || '.ng', message, at, at from gen
      returning id, company_name, email, features, created_at
    )
    insert into inbox_items (kind, waitlist_entry_id, name, email, message, status, created_at, updated_at)
    select 'waitlist', id, company_name, email, coalesce(features, ''), 'new', created_at, created_at from w`);
  await seeder.query(`
    insert into users (username, email, user_type, profile_completed, current_tab, state, town, introduction, created_at, updated_at)
    select (select lower(first[1 + i % 20]) from words) || '_' || i,
           (select lower(first[1 + i % 20]) || '.' || lower(last[1 + (i / 20) % 16]) from words) || i || '@example.com',
           1, case when i % 10 = 0 then 0 else 1 end, case when i % 10 = 0 then 1 + i % 5 else 5 end,
           (select state[1 + i % 10] from words), (select town[1 + i % 16] from words),
           'Careful rider, ' || (1 + i % 12) || ' years on Lagos roads',
           now() - make_interval(secs => i * (730 * 86400.0 / ${ROWS})), now()
    from generate_series(1, ${ROWS}) as i`);
  await seeder.query(`
    insert into personal_info (user_id, total_years_of_experience, languages_spoken, education, id_review_status)
    select id, (array['0-2','3-5','6-10','10+'])[1 + abs(hashtext(id::text)) % 4], 'English, Yoruba', 'Diploma',
           (array['none','pending','approved','approved','rejected'])[1 + abs(hashtext(email)) % 5]
    from users where user_type = 1`);
  await seeder.query('analyze');
  const seedSeconds = (performance.now() - started) / 1000;

  const app = await buildApp({ config, database, startWorkers: false, logLevel: 'warn' });
  onClose(() => app.close());
  await app.ready();
  const [member] = (await seeder.query(`insert into staff (email, role) values ('bench@ogbadispatch.ng', 'dispatcher') returning id`)).rows;
  const token = await startStaffSession(database.db, config, member.id, 'complete');

  const cursorAt = async (table, where) => {
    const { rows } = await seeder.query(
      `select created_at::text as at, id from ${table} where ${where} order by created_at desc, id desc offset ${Math.floor(ROWS * 0.9 * (table === 'users' ? 1 : 0.98))} limit 1`,
    );
    return rows[0] ? encodeCursor({ at: rows[0].at, id: rows[0].id }) : '';
  };
  const inboxDeep = await cursorAt('inbox_items', 'true');
  const ridersDeep = await cursorAt('users', 'user_type = 1');

  const cases = [
    ['inbox: first page', '/api/ops/inbox'],
    ['inbox: deep page (90%)', `/api/ops/inbox?cursor=${inboxDeep}`],
    ['inbox: status open', '/api/ops/inbox?status=open'],
    ['inbox: quotes, new', '/api/ops/inbox?kind=quote&status=new'],
    ['inbox: search "chiamaka"', '/api/ops/inbox?q=chiamaka'],
    ['inbox: search "lekki bakes"', '/api/ops/inbox?q=lekki%20bakes'],
    ['riders: first page', '/api/ops/riders'],
    ['riders: deep page (90%)', `/api/ops/riders?cursor=${ridersDeep}`],
    ['riders: search "ikeja"', '/api/ops/riders?q=ikeja'],
    ['riders: search "chiamaka"', '/api/ops/riders?q=chiamaka'],
    ['riders: ID awaiting check', '/api/ops/riders?review=pending'],
  ];
  const ask = async (target) => {
    const res = await app.inject({ method: 'GET', url: target, headers: { [STAFF_TOKEN_HEADER]: token } });
    if (res.statusCode !== 200) throw new Error(`${target} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return res.json();
  };
  return measureCases({
    title: `Console lists on PostgreSQL: ${ROWS.toLocaleString('en')} inbox items and ${ROWS.toLocaleString('en')} riders (seeded in ${seedSeconds.toFixed(1)} s), ${REQUESTS} requests per case`,
    cases,
    ask,
    requests: REQUESTS,
    budgetMs: BUDGET_MS,
  });
});
