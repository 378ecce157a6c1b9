import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const TAG_BYTES = 16;

/**
 * Keeps secrets encrypted at rest (AES-256-GCM: a changed byte makes it unreadable, not different),
 * with a key derived from JWT_SECRET, one key per `purpose` (HKDF's info): a copy of the database
 * alone hands out no admin's second factor and no chat webhook. Changing JWT_SECRET makes what was
 * stored unreadable: each admin enrols again (`npm run admin -- --email … --reset-mfa`), an owner
 * sets the webhooks again.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'boat-market-data', purpose, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plain text, or null for anything this key did not seal. */
  open(sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) return null;
    try {
      // The whole 16-byte tag: a shortened one would be easier to forge.
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}
