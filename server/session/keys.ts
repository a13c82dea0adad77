import Keygrip from 'keygrip';

/** How many cookie signatures are remembered (a session id and its hint each): enough for every active session. */
const REMEMBERED = 20_000;

/**
 * The keys that sign cookies, remembering what each signed cookie checked out as: a session's
 * cookie comes with every request, and checking it is an HMAC each time (a tenth of what
 * GET /api/user costs). The answer for the same value and signature never changes while the
 * keys do not; the oldest answers go first. (Keygrip's own `verify` and `sign` are inherited:
 * `verify` asks this `index`.)
 */
export function cookieKeys(secrets: string[]): Keygrip {
  const keygrip = new Keygrip(secrets);
  const checked = new Map<string, number>();
  return Object.assign(Object.create(keygrip) as Keygrip, {
    index(data: string, digest: string) {
      const key = `${digest} ${data}`;
      let index = checked.get(key);
      if (index === undefined) {
        index = keygrip.index(data, digest);
        if (checked.size >= REMEMBERED) checked.delete(checked.keys().next().value!);
        checked.set(key, index);
      }
      return index;
    },
  });
}
