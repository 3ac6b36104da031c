/**
 * The phone's outbox of job steps: a step tapped without a connection is kept here (IndexedDB, so
 * a reload, a killed tab or a dead battery loses nothing) until the server has it. Each entry
 * carries the Idempotency-Key made when it was tapped and the phone's time of the tap: sent again
 * after a lost answer, it is applied once. Entries go out in the order they were tapped. The proof
 * photo (already made small) is an entry of its own, a Blob, which IndexedDB keeps as it is.
 * Each entry also carries the job as the server last answered it, so that a screen opened without
 * a network can still show the job and what waits (it holds the contacts the screen showed; it goes
 * with the entry once sent). Beside the queue the phone keeps the open job itself, as last
 * answered, so that a reload in a dead zone with nothing waiting still opens on it (the screen's
 * service worker serves the page); it is replaced at each answer and dropped once no job is open.
 *
 * The storage is a tiny interface: IndexedDB in the browser, a Map in tests and where there is no
 * IndexedDB (the queue then lives as long as the page).
 */
import { isQueuedProof, type MoveDraft, type QueuedStep, type RiderJob } from '../../../../machines/deliveries/jobMachine';
import { DELIVERY_FINAL } from '../../../shared/deliveries/moves';

export interface OutboxStore {
  /** Every entry, oldest first. */
  all(): Promise<QueuedStep[]>;
  put(entry: QueuedStep & { seq: number }): Promise<void>;
  remove(key: string): Promise<void>;
  /** The open job as the server last answered it, or null. */
  openJob(): Promise<RiderJob | null>;
  /** Keeps the open job (null: none is open any more). */
  keepOpenJob(job: RiderJob | null): Promise<void>;
}

type Stored = QueuedStep & { seq: number };

export function memoryStore(): OutboxStore {
  const entries = new Map<string, Stored>();
  let open: RiderJob | null = null;
  return {
    all: async () => [...entries.values()].sort((a, b) => a.seq - b.seq).map(({ seq: _seq, ...entry }) => entry),
    put: async (entry) => void entries.set(entry.key, entry),
    remove: async (key) => void entries.delete(key),
    openJob: async () => open,
    keepOpenJob: async (job) => void (open = job),
  };
}

const DB_NAME = 'rider-outbox';
const STORE = 'moves';
/** Version 2 added the open job's store (one record, OPEN_JOB). */
const JOB_STORE = 'job';
const OPEN_JOB = 'open';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function indexedDbStore(factory: IDBFactory = indexedDB): OutboxStore {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = factory.open(DB_NAME, 2);
      open.onupgradeneeded = () => {
        const names = open.result.objectStoreNames;
        if (!names.contains(STORE)) open.result.createObjectStore(STORE, { keyPath: 'key' });
        if (!names.contains(JOB_STORE)) open.result.createObjectStore(JOB_STORE);
      };
      open.onsuccess = () => {
        // A newer build in another tab asks for a newer version: give way, and open again next time.
        open.result.onversionchange = () => {
          open.result.close();
          opened = null;
        };
        resolve(open.result);
      };
      open.onerror = () => reject(open.error);
    });
    return opened;
  };
  const withStore = async <T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>, name = STORE): Promise<T> => {
    const tx = (await db()).transaction(name, mode);
    const result = await request(run(tx.objectStore(name)));
    // A write counts once its transaction is committed: the step survives a killed tab from here.
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    return result;
  };
  return {
    all: async () => {
      const rows = (await withStore('readonly', (s) => s.getAll())) as Stored[];
      return rows.sort((a, b) => a.seq - b.seq).map(({ seq: _seq, ...entry }) => entry);
    },
    put: async (entry) => void (await withStore('readwrite', (s) => s.put(entry))),
    remove: async (key) => void (await withStore('readwrite', (s) => s.delete(key))),
    openJob: async () => ((await withStore('readonly', (s) => s.get(OPEN_JOB), JOB_STORE)) as RiderJob | undefined) ?? null,
    keepOpenJob: async (job) => {
      if (job) await withStore('readwrite', (s) => s.put(job, OPEN_JOB), JOB_STORE);
      else await withStore('readwrite', (s) => s.delete(OPEN_JOB), JOB_STORE);
    },
  };
}

/** IndexedDB where the browser has it, else the page's memory. */
export function defaultStore(): OutboxStore {
  return typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore();
}

const newKey = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

export class Outbox {
  constructor(readonly store: OutboxStore) {}

  /** The job's steps still to send, oldest first. */
  async forJob(jobId: string): Promise<QueuedStep[]> {
    return (await this.store.all()).filter((e) => e.jobId === jobId);
  }

  async all(): Promise<QueuedStep[]> {
    return this.store.all();
  }

  /** Keeps a tap: its own Idempotency-Key and the phone's time, made now. Answers the job's queue. */
  async add(jobId: string, draft: MoveDraft, now: Date = new Date(), job?: RiderJob): Promise<QueuedStep[]> {
    return this.put({ key: newKey(), jobId, ...(job ? { job } : {}), body: { ...draft, client_at: now.toISOString() } }, now);
  }

  /**
   * Keeps the proof photo (made small already) behind the steps tapped before it. A photo taken
   * again replaces one not yet sent: only the last counts, and the phone's data is paid for.
   */
  async addProof(jobId: string, photo: Blob, name: string, now: Date = new Date(), job?: RiderJob): Promise<QueuedStep[]> {
    for (const old of (await this.forJob(jobId)).filter(isQueuedProof)) await this.store.remove(old.key);
    return this.put({ key: newKey(), jobId, ...(job ? { job } : {}), proof: { photo, name } }, now);
  }

  private async put(entry: QueuedStep, now: Date): Promise<QueuedStep[]> {
    await this.store.put({ ...entry, seq: now.getTime() * 1000 + ((await this.store.all()).length % 1000) });
    return this.forJob(entry.jobId);
  }

  async remove(key: string): Promise<void> {
    await this.store.remove(key);
  }

  /** The open job kept from the last answer, or null (also when the phone's storage cannot be read). */
  async openJob(): Promise<RiderJob | null> {
    return this.store.openJob().catch(() => null);
  }

  /** Keeps the job while it is open, drops it once it is finished or gone; best effort (storage may be full). */
  async keepOpenJob(job: RiderJob | null): Promise<void> {
    await this.store.keepOpenJob(job && !DELIVERY_FINAL.includes(job.status) ? job : null).catch(() => undefined);
  }
}
