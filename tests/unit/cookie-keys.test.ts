import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { cookieKeys } from '../../server/session/keys';

describe('cookieKeys', () => {
  const current = new Keygrip(['current']);
  const previous = new Keygrip(['previous']);

  it('signs with the first key and answers as Keygrip, the first time and every time after', () => {
    const keys = cookieKeys(['current', 'previous']);
    expect(keys.sign('vecindad.sid=abc')).toBe(current.sign('vecindad.sid=abc'));
    for (let time = 0; time < 3; time++) {
      expect(keys.index('vecindad.sid=abc', current.sign('vecindad.sid=abc'))).toBe(0);
      expect(keys.index('vecindad.sid=abc', previous.sign('vecindad.sid=abc'))).toBe(1);
      expect(keys.verify('vecindad.sid=abc', 'forged')).toBe(false);
      // A signature remembered for one value does not vouch for another.
      expect(keys.verify('vecindad.sid=abd', current.sign('vecindad.sid=abc'))).toBe(false);
    }
  });
});
