/**
 * Whether a trusted receiving server (its authserv-id, INBOUND_TRUSTED_AUTHSERV_ID) found the
 * sender forged: an `Authentication-Results` header of its own (RFC 8601) with SPF, DKIM or DMARC
 * `fail`. Headers from any other server are the sender's to write, and are not read.
 */
export function authenticationFailed(
  headers: readonly string[],
  trustedAuthservId: string | null,
): boolean {
  if (!trustedAuthservId) return false;
  const trusted = trustedAuthservId.toLowerCase();
  return headers.some((value) => {
    const [first = '', ...rest] = value.split(';');
    const authservId = first.trim().split(/\s+/)[0]?.toLowerCase();
    return (
      authservId === trusted &&
      rest.some((result) => /^\s*(spf|dkim|dmarc)\s*=\s*fail\b/i.test(result))
    );
  });
}
