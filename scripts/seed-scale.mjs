// The scale seed ("A million riders"): `npm run seed:scale -- --riders N [--database URL]`.
//
// Fills a PostgreSQL database with N realistic riders: a users row each (names, places from the
// location data, about 60% in Lagos, introductions and bios from word lists, one real argon2
// password hash shared by all so log-in can be measured), personal information (experience,
// languages, education, ID review status), 0-3 jobs, 0-2 past employers, a picture for ~70%
// (two files rows per rider, the display picture and its thumbnail: files.owner_id is NOT NULL
// and search finds a card's thumbnail by owner, so the rows are per rider; their bytes come from
// 20 small shared WebP pictures), one open session each, their rider cards and profile
// documents (built by the app's own statements, domain/riderCards.ts and profileDocument.ts). ~5% are still signing up, ~1% are suspended.
//
// Batched: INSERT … SELECT over generate_series, --chunk riders (100,000) per transaction, so
// memory stays bounded and progress is printed. Grows: a database that already holds K scale
// riders gets riders K+1..N (bench:scale grows one database through its sizes this way).
// Without --database it makes a new database on 127.0.0.1:5432 (or TEST_POSTGRES_URL), names it
// and keeps it (drop it yourself). SCALE_TIMING=1 prints each statement's time per batch.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';

/** The password every scale rider has (a real argon2 hash of it is stored). */
export const SCALE_PASSWORD = 'ogba-rides-at-dawn-42';
/** Scale riders' addresses end with this: `rider<i>@scale.example.ng`. */
export const SCALE_DOMAIN = 'scale.example.ng';
const PICTURES = 20;

const locations = JSON.parse(readFileSync(new URL('../src/shared/nigeria-locations.json', import.meta.url), 'utf8'));
const lagosTowns = locations.find((s) => s.name === 'Lagos').towns.map((t) => t.name);
const elsewhere = locations.filter((s) => s.name !== 'Lagos').flatMap((s) => s.towns.map((t) => `${s.name}|${t.name}`));

/** 20 distinct small WebP pictures (display 160 px, thumbnail 64 px), made once per run. */
async function pictures() {
  const out = [];
  for (let n = 0; n < PICTURES; n++) {
    const base = sharp({
      create: { width: 160, height: 160, channels: 3, background: { r: 40 + n * 9, g: 90 + ((n * 37) % 120), b: 160 - n * 5 }, noise: { type: 'gaussian', mean: 120, sigma: 18 } },
    });
    const image = await base.clone().webp({ quality: 60 }).toBuffer();
    const thumb = await base.clone().resize(64, 64).webp({ quality: 60 }).toBuffer();
    out.push({ n, image, thumb });
  }
  return out;
}

const WORDS = `create temporary table if not exists words as select
  array['Adebayo','Chiamaka','Tunde','Ngozi','Emeka','Funke','Ibrahim','Aisha','Segun','Kemi','Obinna','Halima','Yusuf','Bisi','Chinedu','Zainab','Femi','Amaka','Musa','Tope','Uche','Sade','Kunle','Nneka'] as first,
  array['Okafor','Adeyemi','Balogun','Eze','Bello','Okonkwo','Adewale','Nwosu','Lawal','Ogunleye','Abubakar','Olawale','Chukwu','Salami','Danjuma','Ojo','Afolabi','Igwe'] as last,
  array['Careful','Fast','Reliable','Friendly','Experienced','Punctual','Trusted','Honest'] as adj,
  array['motorbike','bicycle','van','tricycle','okada','car'] as vehicle,
  array['Dispatch rider','Delivery rider','Courier','Driver','Logistics rider'] as role,
  array['food delivery','pharmacy orders','documents','e-commerce parcels','market goods','restaurant orders','cakes and pastries','electronics'] as cargo,
  array['I know every shortcut around the island and the mainland.','I keep parcels dry in the rainy season.','I have delivered for restaurants, pharmacies and online shops.','I speak politely to customers and call before arriving.','I carry a power bank and a rain cover on every trip.','I have a clean record with no accidents.','I can handle cash on delivery and POS payments.','I start early and finish every drop the same day.'] as sentence,
  array['Kwik Logistics','Gokada','Max.ng','Chowdeck','Glovo','Jumia Logistics','GIG Logistics','Red Star Express','DHL','Kobo360'] as employer,
  array['Tunde, 0803 555 0101','Mrs Bello, 0805 222 4411','Dispatch desk, 0701 000 2323','Ngozi (HR), 0812 444 9090'] as contact,
  $1::text[] as lagos_towns,
  $2::text[] as other_places`;

/** Riders from+1..to, in one transaction, then their cards. */
async function seedBatch(client, db, refreshRiderCardsWhere, sql, from, to, passwordHash) {
  if (process.env.SCALE_TIMING) {
    const query = client.query.bind(client);
    client = { query: async (...a) => { const t = performance.now(); const r = await query(...a); console.log(`    ${(performance.now() - t).toFixed(0)} ms ${String(a[0]).trim().slice(0, 40)}`); return r; } };
  }
  await client.query('begin');
  await client.query('drop table if exists batch');
  await client.query(
    `create temporary table batch as
     select i, gen_random_uuid() as id, gen_random_uuid() as pic_id, gen_random_uuid() as thumb_id, gen_random_uuid() as sess_id,
            (i % 10 < 7) as has_pic, now() - make_interval(secs => (abs(hashtext(i::text)) % (730 * 86400))) as joined
     from generate_series($1::int, $2::int) as i`,
    [from + 1, to],
  );
  // ~5% still signing up (steps 2-4), ~1% suspended, ~60% gave both names, ~70% a picture.
  await client.query(
    `insert into users (id, username, email, email_verified_at, password_hash, user_type, profile_completed, current_tab, state, town,
                        phone, address, first_name, last_name, introduction, bio, picture_file_id, rider_agreement_at, rider_agreement_version,
                        suspended_at, suspended_reason, created_at, updated_at)
     select b.id, lower(w.first[1 + i % 24]) || '_' || i, 'rider' || i || '@${SCALE_DOMAIN}',
            case when i % 20 = 7 then null else b.joined end, $1, 1,
            case when i % 20 in (7, 13) then 0 else 1 end,
            case when i % 20 = 7 then 2 when i % 20 = 13 then 4 else 5 end,
            case when i % 20 = 7 then null when i % 10 < 6 then 'Lagos' else split_part(w.other_places[1 + ((i % 65536) * 7919) % array_length(w.other_places, 1)], '|', 1) end,
            case when i % 20 = 7 then null when i % 10 < 6 then w.lagos_towns[1 + (i * 31) % array_length(w.lagos_towns, 1)]
                 else split_part(w.other_places[1 + ((i % 65536) * 7919) % array_length(w.other_places, 1)], '|', 2) end,
            '+2348' || lpad((i % 1000000000)::text, 9, '0'),
            case when i % 3 = 0 then (1 + i % 120) || ' ' || w.last[1 + i % 18] || ' Street' end,
            case when i % 5 < 3 then w.first[1 + i % 24] end,
            case when i % 5 < 3 then w.last[1 + (i / 24) % 18] end,
            w.adj[1 + i % 8] || ' ' || w.vehicle[1 + (i / 8) % 6] || ' ' || lower(w.role[1 + (i / 48) % 5]) || ' for ' || w.cargo[1 + (i / 3) % 8],
            w.sentence[1 + i % 8] || ' ' || w.sentence[1 + (i / 8) % 8] || ' ' || (1 + i % 12) || ' years on the road.',
            case when b.has_pic and i % 20 <> 7 then b.pic_id end,
            case when i % 20 not in (7, 13) then b.joined end,
            case when i % 20 not in (7, 13) then '2024-01' end,
            case when i % 100 = 42 then b.joined + interval '30 days' end,
            case when i % 100 = 42 then 'Repeated late deliveries' end,
            b.joined, b.joined
     from batch b, words w`,
    [passwordHash],
  );
  await client.query(
    `insert into personal_info (user_id, total_years_of_experience, languages_spoken, education, id_review_status)
     select b.id,
            (array['0-2','3-5','3-5','6-10','6-10','10+'])[1 + abs(hashtext(b.i::text || 'x')) % 6],
            (array['English','English, Yoruba','English, Yoruba and Pidgin','English, Igbo','English, Hausa','Pidgin, Yoruba','English, Igbo and Pidgin','English, French','Hausa','English, Yoruba, Igbo'])[1 + abs(hashtext(b.i::text || 'l')) % 10],
            (array['High School','High School','Diploma','Diploma','Graduate','Post Graduate','Others'])[1 + abs(hashtext(b.i::text || 'e')) % 7],
            case when abs(hashtext(b.i::text || 'id')) % 10 < 3 then 'approved' when abs(hashtext(b.i::text || 'id')) % 10 < 5 then 'pending' else 'none' end
     from batch b where b.i % 20 <> 7`,
  );
  // 0-3 jobs (the latest may be ongoing), 0-2 past employers.
  await client.query(
    `insert into work_histories (user_id, position, company_name, number_of_years, start_date, end_date, created_at)
     select b.id, w.role[1 + (b.i + k) % 5], w.employer[1 + (b.i * 3 + k) % 10], (array['0-1','1-2','3-5','6-10'])[1 + (b.i + k) % 4],
            date '2012-01-01' + (k * 900 + abs(hashtext(b.i::text)) % 700),
            case when k < b.i % 4 or b.i % 2 = 0 then date '2012-01-01' + (k * 900 + abs(hashtext(b.i::text)) % 700 + 400 + b.i % 400) end,
            b.joined
     from batch b cross join words w cross join lateral generate_series(1, b.i % 4) as k
     where b.i % 20 <> 7`,
  );
  await client.query(
    `insert into past_employees (user_id, company_name, company_contact, start_date, end_date, created_at)
     select b.id, w.employer[1 + (b.i * 7 + k) % 10], w.contact[1 + (b.i + k) % 4],
            date '2010-01-01' + (k * 700 + abs(hashtext(b.i::text || 'p')) % 500),
            date '2010-01-01' + (k * 700 + abs(hashtext(b.i::text || 'p')) % 500 + 200 + b.i % 300),
            b.joined
     from batch b cross join words w cross join lateral generate_series(1, (b.i / 4) % 3) as k
     where b.i % 20 <> 7`,
  );
  await client.query(
    `insert into files (id, owner_id, kind, is_public, content_type, extension, original_name, size, data, created_at)
     select f.id, b.id, f.kind, true, 'image/webp', 'webp', f.name, length(f.data), f.data, b.joined
     from batch b join scale_pictures p on p.n = b.i % ${PICTURES}
     cross join lateral (values (b.pic_id, 'profile_image', 'photo.webp', p.image), (b.thumb_id, 'profile_thumb', 'photo-thumb.webp', p.thumb)) as f(id, kind, name, data)
     where b.has_pic and b.i % 20 <> 7`,
  );
  await client.query(
    `insert into sessions (id, user_id, created_at, expires_at, method)
     select b.sess_id, b.id, now(), now() + interval '7 days', 'password' from batch b where b.i % 100 <> 42`,
  );
  const { rows } = await client.query(`select string_agg(id::text, ',') as ids from batch`);
  await client.query('commit');
  const t0 = performance.now();
  await refreshRiderCardsWhere(db, sql`u.id = any(string_to_array(${rows[0].ids}, ',')::uuid[])`);
  if (process.env.SCALE_TIMING) console.log(`    ${(performance.now() - t0).toFixed(0)} ms cards`);
  // Their profile documents, built by the statement every write runs.
  const t1 = performance.now();
  const { refreshProfileDocumentsWhere } = await import('../src/server/domain/profileDocument.ts');
  await refreshProfileDocumentsWhere(db, sql`u.id = any(string_to_array(${rows[0].ids}, ',')::uuid[])`);
  if (process.env.SCALE_TIMING) console.log(`    ${(performance.now() - t1).toFixed(0)} ms profile documents`);
  // The cards' completed_at is the rider's updated_at (when they joined), spread over two years.
}

/** How many scale riders the database holds (they are numbered 1..K). */
export async function scaleRiders(client) {
  const { rows } = await client.query(`select count(*)::int as n from users where email like '%@${SCALE_DOMAIN}'`);
  return rows[0].n;
}

/**
 * Grows the database to `riders` scale riders, `chunk` per transaction; `db` is the app's Drizzle
 * handle on the same database (for the cards), `client` a pg client. Returns riders added and seconds.
 */
export async function growTo({ client, db, riders, chunk = 100_000, log = console.log }) {
  const { sql } = await import('drizzle-orm');
  const { refreshRiderCardsWhere } = await import('../src/server/domain/riderCards.ts');
  const { hashPassword } = await import('../src/server/lib/passwords.ts');
  const have = await scaleRiders(client);
  if (have >= riders) return { added: 0, seconds: 0 };
  const started = performance.now();
  await client.query(WORDS, [lagosTowns, elsewhere]);
  await client.query('create temporary table if not exists scale_pictures (n int primary key, image bytea, thumb bytea)');
  await client.query('truncate scale_pictures');
  for (const p of await pictures()) await client.query('insert into scale_pictures values ($1, $2, $3)', [p.n, p.image, p.thumb]);
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  for (let from = have; from < riders; from += chunk) {
    const to = Math.min(riders, from + chunk);
    await seedBatch(client, db, refreshRiderCardsWhere, sql, from, to, passwordHash);
    const seconds = (performance.now() - started) / 1000;
    log(`  seeded riders ${(from + 1).toLocaleString('en')}-${to.toLocaleString('en')} (${seconds.toFixed(0)} s, ${Math.round((to - have) / seconds).toLocaleString('en')} riders/s)`);
  }
  return { added: riders - have, seconds: (performance.now() - started) / 1000 };
}

/** Opens `url` as the app does (migrating it) and with a pg client. */
export async function openScaleDatabase(url) {
  const { openDatabase } = await import('../src/server/db/client.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lagos-scale-'));
  const database = await openDatabase({ databaseUrl: url, dataDir });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    database,
    client,
    dataDir,
    async close() {
      await client.end().catch(() => {});
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Makes a new database on the server and answers its URL. */
export async function createScaleDatabase(prefix = 'lagos_scale') {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const riders = Number(option('riders') ?? 10_000);
  const chunk = Number(option('chunk') ?? 100_000);
  if (!Number.isInteger(riders) || riders < 1) throw new Error('--riders N: a positive whole number');
  let url = option('database');
  if (!url) {
    const made = await createScaleDatabase();
    url = made.url;
    console.log(`database ${made.name} (kept: DROP DATABASE "${made.name}" when done)`);
  }
  const scale = await openScaleDatabase(url);
  try {
    console.log(`growing to ${riders.toLocaleString('en')} riders, ${chunk.toLocaleString('en')} per batch`);
    const { added, seconds } = await growTo({ client: scale.client, db: scale.database.db, riders, chunk });
    await scale.client.query('vacuum analyze');
    console.log(`added ${added.toLocaleString('en')} riders in ${seconds.toFixed(1)} s (${added ? Math.round(added / seconds).toLocaleString('en') : 0} riders/s); database ${url}`);
  } finally {
    await scale.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
