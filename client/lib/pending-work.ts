// A visitor's photo and choices, kept in the browser while they sign in (or register and verify), so
// the staging tool can put them back afterwards. IndexedDB holds the File itself (sessionStorage would
// need a base64 copy over its ~5 MB quota); nothing leaves the browser.
import { ROOM_TYPES, STYLES, type RoomType, type Style } from '#shared/constants/staging.ts';

export interface PendingWork {
  file: File;
  style: Style;
  roomType: RoomType;
  /** The page to come back to, e.g. "/". */
  path: string;
  savedAt: number;
}

const DB = 'roomstage';
const STORE = 'pending-work';
const KEY = 'staging';
/** Long enough to register, open the verification mail and sign in; short enough not to surprise later. */
export const PENDING_MAX_AGE_MS = 2 * 60 * 60 * 1000;

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = run(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

/** Whether a stored record is still usable: the right shape and not older than PENDING_MAX_AGE_MS. */
export function isUsablePending(v: unknown, now: number): v is PendingWork {
  if (!v || typeof v !== 'object') return false;
  const p = v as Partial<PendingWork>;
  return (
    typeof Blob !== 'undefined' &&
    p.file instanceof Blob &&
    (STYLES as readonly unknown[]).includes(p.style) &&
    (ROOM_TYPES as readonly unknown[]).includes(p.roomType) &&
    typeof p.path === 'string' &&
    isSafeReturnPath(p.path) &&
    typeof p.savedAt === 'number' &&
    now - p.savedAt >= 0 &&
    now - p.savedAt <= PENDING_MAX_AGE_MS
  );
}

/** Only same-site paths ("/x", not "//host" or "/\\host") may be returned to after sign-in. */
export const isSafeReturnPath = (p: string) => /^\/(?![/\\])/.test(p);

export async function savePendingWork(w: Omit<PendingWork, 'savedAt'>): Promise<void> {
  await withStore('readwrite', (s) => s.put({ ...w, savedAt: Date.now() }, KEY));
}

/** The saved work, or null (none, too old, or storage unavailable). */
export async function loadPendingWork(): Promise<PendingWork | null> {
  try {
    const v = await withStore<unknown>('readonly', (s) => s.get(KEY));
    if (!isUsablePending(v, Date.now())) return null;
    // Browsers give back the File as stored; wrap a bare Blob so the upload keeps a name and type.
    const file =
      v.file instanceof File ? v.file : new File([v.file], 'photo', { type: (v.file as Blob).type });
    return { ...v, file };
  } catch {
    return null;
  }
}

export async function clearPendingWork(): Promise<void> {
  try {
    await withStore('readwrite', (s) => s.delete(KEY));
  } catch {
    // Nothing stored or no IndexedDB: nothing to clear.
  }
}
