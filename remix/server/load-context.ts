// What the Express server (remix/server/index.ts) hands every loader and action.
export interface WebLoadContext {
  /** The visitor's address as Express sees it (after TRUST_PROXY); forwarded to the API. */
  clientIp: string | undefined;
  /** Per-response nonce of the Content-Security-Policy, for Remix's inline scripts. */
  cspNonce: string;
}

declare module '@remix-run/server-runtime' {
  // Declaration merging is the documented way to type the load context.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}
