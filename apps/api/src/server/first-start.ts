import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiKeyStore } from '../auth/key-store.js';

export const LOCAL_USER = 'local';

/**
 * Embedded mode needs no setup: the admin token is generated once and kept in
 * the data directory (mode 0600), and the first start creates an API key for
 * a local user. Both are printed once, on that first start.
 */
export async function embeddedCredentials(dataDir: string, keyStore: ApiKeyStore, configuredToken: string | undefined) {
  mkdirSync(dataDir, { recursive: true });
  const tokenFile = join(dataDir, 'admin-token');
  let adminToken = configuredToken;
  let createdToken = false;
  if (!adminToken) {
    if (existsSync(tokenFile)) adminToken = readFileSync(tokenFile, 'utf8').trim();
    else {
      adminToken = `mcxadmin_${randomBytes(24).toString('base64url')}`;
      writeFileSync(tokenFile, `${adminToken}\n`, { mode: 0o600 });
      createdToken = true;
    }
  }
  const existing = await keyStore.list({ userId: LOCAL_USER });
  const created = existing.length === 0 ? await keyStore.create(LOCAL_USER) : undefined;
  return { adminToken, printAdminToken: createdToken, localApiKey: created?.apiKey };
}
