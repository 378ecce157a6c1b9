import { type EmbeddedDatabase } from '../../scripts/stack/embedded-database';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __TEST_DB__?: EmbeddedDatabase }).__TEST_DB__?.stop();
}
