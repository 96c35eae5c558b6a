import { type PublicUser, publicUserSchema } from '../../common/contracts/auth';
import { storedJson } from './stored-json';

/** docs/product.md §9: the stored user lives under the local-storage key userResponse. */
export const USER_STORAGE_KEY = 'userResponse';

const storedUserIn = (storage: Storage) => storedJson(storage, USER_STORAGE_KEY, publicUserSchema);

/** The stored profile, or null when missing or tampered into something that is not a profile. */
export function readStoredUser(storage: Storage): PublicUser | null {
  return storedUserIn(storage).read();
}

export function writeStoredUser(storage: Storage, user: PublicUser) {
  storedUserIn(storage).write(user);
}

export function clearStoredUser(storage: Storage) {
  storedUserIn(storage).clear();
}
