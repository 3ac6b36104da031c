// One profile write, alone: `node --import tsx scripts/bench-profile-write.mjs [-- --writes 500 --riders 10000 --pglite]`.
//
// Sequential bio saves through the service the route calls (updateProfile), one at a time on an
// otherwise idle database: the time one write costs, without the contention of bench:api. Seeds
// --riders riders as bench:api does (personal information, three jobs, two past employers) with
// their cards and profile documents, saves the bio of a random rider --writes times after 50
// warm-up saves, and prints the median and p90 per write, and the CPU time each write took in
// this process and (PostgreSQL on this machine) in the database's server processes, which the
// load of a shared machine changes less than the wall time. A throw-away PostgreSQL database at
// 127.0.0.1:5432 (TEST_POSTGRES_URL), or PGlite in memory with --pglite or when PG does not answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { args, cpuOf, createBenchDatabase, dropBenchDatabase, option } from './benchKit.mjs';
import { seedBenchRiders } from './benchRiders.mjs';

const WRITES = option('writes', 500);
const RIDERS = option('riders', 10_000);
const { sql } = await import('drizzle-orm');
const { openDatabase } = await import('../src/server/db/client.ts');
const { refreshAllRiderCards } = await import('../src/server/domain/riderCards.ts');
const { refreshProfileDocumentsWhere } = await import('../src/server/domain/profileDocument.ts');
const { updateProfile } = await import('../src/server/features/profile/service.ts');

const benchDatabase = args.includes('--pglite') ? null : await createBenchDatabase('lagos_bench_write');
const name = benchDatabase?.name ?? null;
const databaseUrl = benchDatabase?.url ?? null;
const dataDir = mkdtempSync(path.join(tmpdir(), 'lagos-bench-write-'));
const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? dataDir : 'memory://' });
try {
  const db = database.db;
  const rows = (result) => (Array.isArray(result) ? result : result.rows);
  await seedBenchRiders(db, RIDERS);
  await refreshAllRiderCards(db);
  await refreshProfileDocumentsWhere(db, sql`true`);
  await db.execute(sql`analyze`);
  const riders = rows(await db.execute(sql`select id, username from users`));

  let n = 0;
  const save = async () => {
    const rider = riders[Math.floor(Math.random() * riders.length)];
    n += 1;
    await updateProfile(db, rider.id, { kind: 'bio', username: rider.username, bio: `Safe and on time across Lagos, update ${n}.` });
  };
  // CPU time (ns) of this database's server processes so far, when they run on this machine.
  const serverCpu = async () => {
    if (!name) return 0;
    const pids = rows(await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)).map((r) => r.pid);
    return pids.reduce((ns, pid) => ns + cpuOf(pid), 0);
  };
  for (let i = 0; i < 50; i++) await save();
  const times = [];
  const cpuBefore = process.cpuUsage();
  const serverBefore = await serverCpu();
  for (let i = 0; i < WRITES; i++) {
    const t0 = performance.now();
    await save();
    times.push(performance.now() - t0);
  }
  const serverMs = ((await serverCpu()) - serverBefore) / 1e6 / WRITES;
  const cpu = process.cpuUsage(cpuBefore);
  const nodeMs = (cpu.user + cpu.system) / 1000 / WRITES;
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    `bio save, ${database.kind}, ${RIDERS.toLocaleString('en')} riders, ${WRITES} sequential writes: ` +
      `median ${at(0.5).toFixed(2)} ms, p90 ${at(0.9).toFixed(2)} ms; CPU per write ${nodeMs.toFixed(2)} ms in this process` +
      (name ? `, ${Number.isNaN(serverMs) ? '?' : serverMs.toFixed(2)} ms in PostgreSQL` : ''),
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  await dropBenchDatabase(name);
}
