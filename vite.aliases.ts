import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The import aliases of the web code, shared by the Remix build and the landing island build. */
export const webAliases = {
  '~': here('./remix'),
  '@contract': here('./nest/src/contract/index.ts'),
};
