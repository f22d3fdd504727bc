/*
 * A photo taken and not sent yet survives a reload of the webview (docs/product-rules.md,
 * "Documents and capture"): kept in IndexedDB (blobs are too big for session storage) under the
 * driver, modality, document type and side, and removed once sent or retaken. Without
 * IndexedDB (a private mode) it is kept in memory only.
 */

export interface PendingPhoto {
  blob: Blob;
  /** Quality issues found, and how many flagged photos were taken for this slot. */
  issues: string[];
  flaggedTries: number;
}

const DB = 'driver-portal-capture';
const STORE = 'photos';
const memory = new Map<string, PendingPhoto>();

function open(): Promise<IDBDatabase | undefined> {
  return new Promise((resolve) => {
    try {
      // Missing (a private mode), or throwing when read or opened (a SecurityError where the
      // webview blocks storage): the photo is kept in memory only, for the page's life.
      if (typeof indexedDB === 'undefined' || !indexedDB) return resolve(undefined);
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await open();
  if (!db) return undefined;
  try {
    return await new Promise<T | undefined>((resolve) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    });
  } finally {
    db.close();
  }
}

export async function loadPending(key: string): Promise<PendingPhoto | undefined> {
  const stored = await run<PendingPhoto | undefined>('readonly', (store) => store.get(key) as IDBRequest<PendingPhoto | undefined>);
  return stored ?? memory.get(key);
}

export async function savePending(key: string, photo: PendingPhoto): Promise<void> {
  memory.set(key, photo);
  await run('readwrite', (store) => store.put(photo, key));
}

export async function dropPending(key: string): Promise<void> {
  memory.delete(key);
  await run('readwrite', (store) => store.delete(key));
}
