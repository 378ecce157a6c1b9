import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';

/** What a passkey ceremony makes: a new passkey (`create`) or an answer with one (`get`). */
export type CeremonyKind = 'create' | 'get';

/**
 * Runs the browser's passkey ceremony with the API's options (WebAuthn's JSON form); answers the
 * authenticator's answer as JSON text, for a form field. Only in the browser: `.client` modules
 * are left out of the server's bundle.
 */
export async function runCeremony(
  kind: CeremonyKind,
  options: Record<string, unknown>,
): Promise<string> {
  const answer =
    kind === 'create'
      ? await startRegistration({
          optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
        })
      : await startAuthentication({
          optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
        });
  return JSON.stringify(answer);
}

/** What to tell the person when the ceremony did not end with an answer. */
export function ceremonyProblem(error: unknown): string {
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return 'This passkey is registered already.';
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'The passkey was not used: the request was cancelled or timed out. Try again.';
  return 'This browser could not use a passkey here. Try again, or use a code instead.';
}
