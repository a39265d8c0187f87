// The session state kept in local storage (spec section 3, "Session state").
//
// Every key is read through its zod schema: a missing key, corrupt JSON or a value that fails the
// schema reads as the key's default and never throws. Values are stored as JSON; writing `null` to
// a key whose default is `null` removes it. Objects are re-parsed only when the stored text changes,
// so `get` returns the same reference between changes (as React's useSyncExternalStore requires).

import { z } from 'zod/mini';
import { languages } from '../i18n/languages';

export const langSchema = z.enum(languages);

/** Identifiers and codes the contract does not pin yet: a string or a number. */
const idSchema = z.union([z.string(), z.number()]);

export const webInfoSchema = z.object({
  name: z.string(),
  themeColor: z.string(),
  langs: z.array(langSchema),
  tenantId: z.string(),
});
export type WebInfo = z.infer<typeof webInfoSchema>;

/** The logged-in user. `token` and `expiration` (ms timestamp) are required: without them there is no session. */
export const userInfoSchema = z.object({
  token: z.string().check(z.minLength(1)),
  uid: z.optional(idSchema),
  account: z.optional(z.string()),
  type: z.optional(idSchema),
  expiration: z.number(),
  accountLoginType: z.optional(idSchema),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** One login record of the account screen's device list (device, model, IP, time in ms). */
export const userDeviceSchema = z.object({
  device: z.nullish(z.string()),
  model: z.nullish(z.string()),
  ip: z.nullish(z.string()),
  time: z.nullish(idSchema),
});

/**
 * Account info from the user-info call (spec section 3). Loosely typed (every field optional,
 * `null` accepted) but checked; keys the schema does not name are dropped, never passed through.
 */
export const accountInfoSchema = z.object({
  uid: z.nullish(idSchema),
  type: z.nullish(idSchema),
  nickname: z.nullish(z.string()),
  account: z.nullish(z.string()),
  planId: z.nullish(idSchema),
  planName: z.nullish(z.string()),
  userType: z.nullish(idSchema),
  /** Millisecond timestamp. */
  expiredTime: z.nullish(z.number()),
  accountCreationTime: z.nullish(idSchema),
  deviceSessions: z.nullish(z.number()),
  limitCount: z.nullish(z.number()),
  userDevice: z.nullish(z.array(userDeviceSchema)),
  unsubscribeEmail: z.nullish(z.union([z.boolean(), z.number(), z.string()])),
  loginApp: z.nullish(z.union([z.boolean(), z.number(), z.string()])),
  bizRemainingDays: z.nullish(z.number()),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/**
 * A saved or selected card. Deliberately has no security-code field: whatever a caller passes
 * under another key is dropped, so a CVV never reaches local storage.
 */
export const cardSchema = z.object({
  id: z.optional(idSchema),
  brand: z.optional(z.string()),
  last4: z.optional(z.string()),
  expMonth: z.optional(z.number()),
  expYear: z.optional(z.number()),
  holder: z.optional(z.string()),
  isDefault: z.optional(z.boolean()),
  usedForRenewal: z.optional(z.boolean()),
});
export type Card = z.infer<typeof cardSchema>;

/** The tracking identity from the user-config call. */
export const pointDataSchema = z.object({
  brand: z.string(),
  brandId: z.string(),
  vnoId: z.string(),
  tenantId: z.string(),
  env: z.string(),
});
export type PointData = z.infer<typeof pointDataSchema>;

export const clientTypeSchema = z.enum(['WEB', 'WAP']);
export const sceneSchema = z.enum(['WEB', 'STB', 'APP']);
/** Where the portal was opened from (releaseId, spec section 2): the web, a set-top box or the app. */
export type Scene = z.infer<typeof sceneSchema>;
export const loginTabSchema = z.enum(['email', 'code']);

/** Spec section 9: the default resend countdown, in seconds. */
export const DEFAULT_COUNTDOWN = 60;

interface KeyDef<S extends z.ZodMiniType> {
  readonly schema: S;
  readonly fallback: z.output<S>;
}

function key<S extends z.ZodMiniType>(schema: S, fallback: z.output<S>): KeyDef<S> {
  return { schema, fallback };
}

/** Each key's schema and default. */
export const sessionKeys = {
  webInfo: key(z.nullable(webInfoSchema), null),
  userInfo: key(z.nullable(userInfoSchema), null),
  clientType: key(clientTypeSchema, 'WEB'),
  scene: key(sceneSchema, 'WEB'),
  loginActiveTab: key(loginTabSchema, 'email'),
  countdown: key(z.int().check(z.nonnegative()), DEFAULT_COUNTDOWN),
  fingerprint: key(z.nullable(z.string().check(z.minLength(1))), null),
  language: key(z.nullable(langSchema), null),
  siteKey: key(z.nullable(z.string()), null),
  accountInfo: key(z.nullable(accountInfoSchema), null),
  cardDetail: key(z.nullable(cardSchema), null),
  selectedCard: key(z.nullable(cardSchema), null),
  pointData: key(z.nullable(pointDataSchema), null),
  methodSelCode: key(z.nullable(idSchema), null),
  bankCountDown: key(z.nullable(z.number()), null),
  showLiquidoOtp: key(z.boolean(), false),
  /**
   * Not in spec section 3: where to come back to after a password reset asked for by a checkout
   * (-2500), kept while the customer goes to their mailbox and opens the reset link, perhaps in
   * another tab (docs/decisions/040).
   */
  returnAfterReset: key(z.nullable(z.string()), null),
} as const;

export type SessionKey = keyof typeof sessionKeys;
export type SessionValues = { [K in SessionKey]: z.output<(typeof sessionKeys)[K]['schema']> };

/** The key changed, or `null` when any key may have changed (storage cleared in another tab). */
export type SessionListener = (key: SessionKey | null) => void;

export const SESSION_KEYS = Object.keys(sessionKeys) as SessionKey[];

export function isSessionKey(name: string | null): name is SessionKey {
  return name !== null && Object.prototype.hasOwnProperty.call(sessionKeys, name);
}

export interface SessionStore {
  /** The storage the store reads and writes (local storage in the app). */
  readonly storage: Storage;
  get<K extends SessionKey>(key: K): SessionValues[K];
  /** Validates and stores a value; throws a TypeError when it fails the key's schema. */
  set<K extends SessionKey>(key: K, value: SessionValues[K]): void;
  remove(key: SessionKey): void;
  subscribe(listener: SessionListener): () => void;
  /** Spec section 4: clears userInfo and accountInfo, nothing else. */
  resetSession(): void;
  /** Tells listeners that another tab changed a key (the storage event); see `watchOtherTabs`. */
  notifyExternalChange(key: string | null): void;
}

/** Reads a stored text through a key's schema: the value, or the default. Never throws. */
export function parseStored<K extends SessionKey>(key: K, raw: string | null): SessionValues[K] {
  const def = sessionKeys[key] as unknown as KeyDef<z.ZodMiniType<SessionValues[K]>>;
  if (raw === null) return def.fallback;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return def.fallback;
  }
  const parsed = def.schema.safeParse(json);
  return parsed.success ? parsed.data : def.fallback;
}

export function createSessionStore(storage: Storage): SessionStore {
  const cache = new Map<SessionKey, { raw: string | null; value: unknown }>();
  const listeners = new Set<SessionListener>();

  function readRaw(name: SessionKey): string | null {
    try {
      return storage.getItem(name);
    } catch {
      return null;
    }
  }

  function notify(changed: SessionKey | null): void {
    for (const listener of [...listeners]) listener(changed);
  }

  function get<K extends SessionKey>(name: K): SessionValues[K] {
    const raw = readRaw(name);
    const hit = cache.get(name);
    if (hit && hit.raw === raw) return hit.value as SessionValues[K];
    const value = parseStored(name, raw);
    cache.set(name, { raw, value });
    return value;
  }

  function set<K extends SessionKey>(name: K, value: SessionValues[K]): void {
    const def = sessionKeys[name] as unknown as KeyDef<z.ZodMiniType<SessionValues[K]>>;
    const parsed = def.schema.safeParse(value);
    if (!parsed.success) {
      throw new TypeError(`session: invalid value for "${name}": ${parsed.error.message}`);
    }
    if (parsed.data === null) storage.removeItem(name);
    else storage.setItem(name, JSON.stringify(parsed.data));
    notify(name);
  }

  function remove(name: SessionKey): void {
    storage.removeItem(name);
    notify(name);
  }

  return {
    storage,
    get,
    set,
    remove,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    resetSession() {
      remove('userInfo');
      remove('accountInfo');
    },
    notifyExternalChange(name) {
      if (name === null) notify(null);
      else if (isSessionKey(name)) notify(name);
    },
  };
}

/** Spec section 4 and 9: a session stays open 10 days after login. */
export const SESSION_DURATION_MS = 10 * 86_400_000;

/** The `expiration` to store in userInfo for a login at `loggedInAt` (ms). */
export function sessionExpiration(loggedInAt: number): number {
  return loggedInAt + SESSION_DURATION_MS;
}

/** No session, or `now` (ms) has reached its expiration. */
export function isSessionExpired(userInfo: UserInfo | null, now: number): boolean {
  if (userInfo === null) return true;
  return now >= userInfo.expiration;
}

/**
 * Spec section 4: a change of the stored login data in another tab, with a different token,
 * reloads this tab. The token "this tab holds" is the one it last wrote or read, tracked through
 * the store, since by the time the event arrives the shared storage already holds the new value.
 * A cleared storage (event key null) counts as a logout. Other keys only notify the store's
 * listeners. Returns a function that stops watching.
 */
export function watchOtherTabs(win: Window, store: SessionStore, reload: () => void): () => void {
  const currentToken = (): string | null => store.get('userInfo')?.token ?? null;
  let heldToken = currentToken();
  const unsubscribe = store.subscribe((changed) => {
    if (changed === 'userInfo' || changed === null) heldToken = currentToken();
  });

  const onStorage = (event: StorageEvent): void => {
    if (event.storageArea !== null && event.storageArea !== store.storage) return;
    if (event.key !== null && event.key !== 'userInfo') {
      store.notifyExternalChange(event.key);
      return;
    }
    const newToken = event.key === null ? null : (parseStored('userInfo', event.newValue)?.token ?? null);
    if (newToken !== heldToken) {
      reload();
      return;
    }
    store.notifyExternalChange(event.key);
  };

  win.addEventListener('storage', onStorage);
  return () => {
    win.removeEventListener('storage', onStorage);
    unsubscribe();
  };
}
