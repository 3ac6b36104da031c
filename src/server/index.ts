/** The server's entry: read the configuration, open the database, listen, drain on SIGTERM. */
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { answerAdminCommand } from './features/ops/adminCommands';
import { adminSocketPath, listenAdminSocket, type AdminSocket } from './features/ops/adminSocket';
import { DataDirError, dataDirInUse, prepareDirectory } from './lib/dataDir';

async function main(): Promise<void> {
  let config: Config;
  let database: Database;
  try {
    config = loadConfig();
    // DATA_DIR is created and probed before anything writes there (PGlite does it in openDatabase).
    if (config.databaseUrl !== null && dataDirInUse(config)) prepareDirectory(config.dataDir);
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (err) => console.error(`database connection lost (the pool will reconnect): ${err.message}`),
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    if (err instanceof DataDirError) {
      // One line naming the directory and the cause; 73 cannot create/write, 74 full or I/O error.
      console.error(err.message);
      process.exit(err.exitCode);
    }
    throw err;
  }
  const app = await buildApp({ config, database });

  let adminSocket: AdminSocket | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      // Last: while the socket is there, `npm run ops` does not open PGlite beside this process.
      await adminSocket?.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Started by `npm start` (scripts/start.mjs) over an IPC channel: if that parent dies without
  // passing a signal on, stop as if told to rather than keep serving re-parented.
  if (process.send) process.on('disconnect', () => void shutdown('parent exited'));

  await app.listen({ port: config.port, host: config.host });
  // PGlite admits one process: `npm run ops` reaches this one through DATA_DIR/ops.sock.
  // With DATABASE_URL the command opens the database itself and no socket is needed.
  if (database.kind === 'pglite' && process.platform !== 'win32') {
    adminSocket = await listenAdminSocket(
      adminSocketPath(config.dataDir),
      (request) => answerAdminCommand({ db: database.db, config }, request, (err) => app.log.error({ err }, 'ops command failed')),
      app.log,
    );
  }
  app.log.info(
    { database: database.kind, web: config.webRoot ?? 'none' },
    `ready at ${config.publicUrl}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
