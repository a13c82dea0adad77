/** The parts of `http_ece` (Encrypted Content-Encoding, RFC 8188/8291) the push tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  type Params = { version: 'aes128gcm'; privateKey?: ECDH; dh?: string; authSecret?: string; keyid?: string; key?: string };
  const ece: { decrypt(buffer: Buffer, params: Params): Buffer; encrypt(buffer: Buffer, params: Params): Buffer };
  export default ece;
}
