import { type WebStack } from '../../scripts/stack/web-stack';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __WEB_STACK__?: WebStack }).__WEB_STACK__?.stop();
}
