/**
 * `npm run ops -- <command>`: staff accounts from the server's own shell.
 *
 *   add-staff EMAIL --role admin|dispatcher   prints a one-time link to set the password (24 h)
 *   list-staff                                every staff member, with status and second factor
 *   reset-2fa EMAIL                           for a lost phone: the next sign-in enrols anew
 *
 * With DATABASE_URL it opens the database itself. On PGlite (one process at a time) it goes
 * through the running server's socket in DATA_DIR when a server answers there, and opens the
 * database itself when none does. Same configuration as the server (config.ts).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirError, prepareDirectory } from './lib/dataDir';
import { openDatabase } from './db/client';
import { AppError } from './errors';
import { answerAdminCommand, parseAdminCommand, type AdminAnswer, type AdminResult } from './features/ops/adminCommands';
import { adminSocketPath, callAdminSocket } from './features/ops/adminSocket';

const USAGE = `Usage: npm run ops -- <command>

  add-staff EMAIL --role admin|dispatcher   add a staff member; prints their one-time link to set a password (valid 24 hours)
  list-staff                                list every staff member
  reset-2fa EMAIL                           clear a member's authenticator and recovery codes and end their sessions
`;

/** EX_USAGE, EX_CONFIG and a refused command. */
const EXIT = { usage: 64, config: 78, refused: 1 };

class UsageError extends Error {}

function requestFrom(argv: string[]): object {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { role: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  const [command, email, ...extra] = positionals;
  if (values.help || !command) throw new UsageError('');
  if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);
  switch (command) {
    case 'add-staff':
      if (!email) throw new UsageError('add-staff needs an e-mail address');
      if (!values.role) throw new UsageError('add-staff needs --role admin or --role dispatcher');
      return { command, email, role: values.role };
    case 'reset-2fa':
      if (!email) throw new UsageError('reset-2fa needs an e-mail address');
      return { command, email };
    case 'list-staff':
      if (email) throw new UsageError(`Unexpected argument: ${email}`);
      return { command };
    default:
      throw new UsageError(`Unknown command: ${command}`);
  }
}

function print(result: AdminResult): void {
  switch (result.command) {
    case 'add-staff':
      console.log(`Added ${result.email} as ${result.role === 'admin' ? 'an admin' : 'a dispatcher'}.`);
      console.log(`Send them this link to set their password. It works once, until ${result.expiresAt}:`);
      console.log(result.link);
      return;
    case 'list-staff': {
      if (result.items.length === 0) {
        console.log('No staff members yet. Add the first admin with: npm run ops -- add-staff EMAIL --role admin');
        return;
      }
      const rows = [['EMAIL', 'ROLE', 'STATUS', 'SECOND FACTOR', 'ADDED'], ...result.items.map((m) => [m.email, m.role, m.status, m.twoFactor ? 'yes' : 'no', m.createdAt.slice(0, 10)])];
      const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
      for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd());
      return;
    }
    case 'reset-2fa':
      console.log(`${result.email}: authenticator and recovery codes cleared, every session ended. The next sign-in sets up a new authenticator.`);
  }
}

/** The running server's answer, or null when no server listens on DATA_DIR's socket. */
async function throughServer(config: Config, request: object): Promise<AdminAnswer | null> {
  try {
    const answer = await callAdminSocket(adminSocketPath(config.dataDir), request);
    console.error(`(through the running server, ${adminSocketPath(config.dataDir)})`);
    return answer;
  } catch (err) {
    const { code, connected } = err as NodeJS.ErrnoException & { connected?: boolean };
    // No socket, or a socket a stopped server left behind: nobody holds the database.
    if (!connected && (code === 'ENOENT' || code === 'ECONNREFUSED')) return null;
    throw err;
  }
}

async function directly(config: Config, request: object): Promise<AdminAnswer> {
  // Refuse a bad command before opening (and, on first use, creating) the database.
  parseAdminCommand(request);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await answerAdminCommand({ db: database.db, config }, request, (err) => console.error(err));
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  let request: object;
  try {
    request = requestFrom(process.argv.slice(2));
  } catch (err) {
    const message = err instanceof UsageError || err instanceof TypeError ? err.message : String(err);
    if (message) console.error(message);
    console.error(USAGE);
    return EXIT.usage;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return EXIT.config;
    }
    // The same one line and exit code as the server's for a DATA_DIR it cannot use.
    if (err instanceof DataDirError) {
      console.error(err.message);
      return err.exitCode;
    }
    throw err;
  }
  let answer: AdminAnswer;
  try {
    // On PGlite the command needs DATA_DIR (the server's socket or the database in it).
    if (!config.databaseUrl) prepareDirectory(config.dataDir);
    answer = (config.databaseUrl ? null : await throughServer(config, request)) ?? (await directly(config, request));
  } catch (err) {
    if (err instanceof AppError) answer = { ok: false, error: { field: err.field, message: err.message } };
    else if (err instanceof DataDirError) {
      console.error(err.message);
      return err.exitCode;
    } else throw err;
  }
  if (!answer.ok) {
    console.error(answer.error.field === 'alert' ? answer.error.message : `${answer.error.field}: ${answer.error.message}`);
    return answer.error.field === 'command' ? EXIT.usage : EXIT.refused;
  }
  print(answer.result);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
