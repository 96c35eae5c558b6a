import * as v from 'valibot';
import { type PublicUser, publicUserSchema } from '../../common/contracts/auth';

/** docs/product.md §9: the stored user lives under the local-storage key userResponse. */
export const USER_STORAGE_KEY = 'userResponse';

/** The stored profile, or null when missing or tampered into something that is not a profile. */
export function readStoredUser(storage: Storage): PublicUser | null {
  try {
    const raw = storage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(publicUserSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(storage: Storage, user: PublicUser) {
  storage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

export function clearStoredUser(storage: Storage) {
  storage.removeItem(USER_STORAGE_KEY);
}
