import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * DATA_DIR holds every lead (the database's files) and the generated secrets: readable by this
 * user only. Directories 0700, files 0600, whatever modes older versions left there.
 */
export async function makeDataDirPrivate(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const pending = [dataDir];
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    await chmod(dir, 0o700);
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) pending.push(path);
      // Sockets and links are left alone: the socket's directory already keeps others out.
      else if (entry.isFile() && ((await lstat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
    }
  }
}
