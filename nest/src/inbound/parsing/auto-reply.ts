/** Header values as read from a message (lower-case names, each header's first value). */
export type HeaderReader = (name: string) => string | undefined;

/**
 * Subjects of out-of-office and other automatic answers, as the common mail clients and servers
 * write them (Outlook, Gmail's vacation responder, Exchange in several languages).
 */
const AUTO_SUBJECT =
  /^\s*(auto(matic|matische)?[ -]?(reply|response|antwort|antwoord|svar)|out of (the )?office|abwesenheits(notiz|meldung)|réponse automatique|respuesta automática|risposta automatica|resposta automática|automatisch antwoord|fuera de la oficina|absence du bureau|undeliverable|delivery status notification|mail delivery (failed|subsystem))\b/i;

/**
 * Whether a message was sent by a machine on its own (RFC 3834 `Auto-Submitted`, the de facto
 * `X-Autoreply`/`X-Autorespond`, a `Precedence` of bulk, list or auto_reply, a delivery report, an
 * empty Return-Path, an out-of-office subject). Such a message is kept, marked `auto`, and never
 * counted as the lead's answer, and never creates a lead; we never answer any message by ourselves.
 */
export function isAutomatic(header: HeaderReader, subject: string, contentType: string): boolean {
  const submitted = header('auto-submitted')?.trim().toLowerCase();
  if (submitted && submitted !== 'no') return true;
  if (header('x-autoreply') !== undefined || header('x-autorespond') !== undefined) return true;
  const precedence = header('precedence')?.trim().toLowerCase();
  if (precedence && /^(bulk|list|junk|auto_reply)$/.test(precedence)) return true;
  if (/^multipart\/report\b/i.test(contentType)) return true;
  if (header('return-path')?.replace(/\s/g, '') === '<>') return true;
  return AUTO_SUBJECT.test(subject);
}
