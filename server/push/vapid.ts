import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { config, type Config } from '../config';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The VAPID keys that sign every push (RFC 8292): from the environment, or generated once and
 * kept under the data dir like the session secret. Changing them orphans every subscription
 * (browsers tie a subscription to the public key it was made with).
 */
export function vapidKeys(cfg: Config = config): VapidKeys {
  if (cfg.vapid) return cfg.vapid;
  const file = path.join(cfg.dataDir, 'vapid-keys.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  } catch {
    fs.mkdirSync(cfg.dataDir, { recursive: true });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
    try {
      fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
      return keys;
    } catch {
      // Another process wrote it first: theirs is the one.
      return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
    }
  }
}

/** Who operates the push sender (push services may write to it): VAPID_SUBJECT, else the app's origin. */
export function vapidSubject(cfg: Config = config): string {
  if (cfg.vapidSubject) return cfg.vapidSubject;
  return cfg.appOrigin?.startsWith('https:') ? cfg.appOrigin : `mailto:${cfg.mailFrom}`;
}
