import { type LeadKindDescriptor, type SpamReason } from '../../nest/src/contract';
import { leadWords } from '../../nest/src/leads/core/lead-words';
import { storedWords } from '../../nest/src/leads/core/repository/lead-words.repository';

export interface LeadDocsOptions {
  /** A word put into names, emails and texts, so a test can find (and remove) its own leads. */
  tag?: string;
  archived?: boolean;
  /** Held as spam (at arrival) with these reasons. */
  spam?: SpamReason[];
  /** createdAt of the first (oldest) lead; each next lead is `stepMs` newer. */
  start?: number;
  stepMs?: number;
}

/**
 * Stored lead documents as the API writes them, for tests that put leads straight into the
 * database (the API suite through Mongoose's connection, the browser suite through the driver).
 */
export function leadDocs(kind: LeadKindDescriptor, count: number, options: LeadDocsOptions = {}) {
  const { tag, archived = false, spam, stepMs = 1000 } = options;
  const start = options.start ?? Date.now() - count * stepMs;
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(start + i * stepMs);
    return withWords(kind, {
      name: `${tag ? `${tag} ` : ''}Lead ${i}`,
      email: `${tag ? `${tag}.` : 'lead'}${i}@example.com`,
      emailKey: `${tag ? `${tag}.` : 'lead'}${i}@example.com`,
      phone_number: `+1 555 01${String(i).padStart(2, '0')}`,
      [kind.textField]: `${kind.textField} ${tag ? `of ${tag} ` : ''}${i}`,
      ...(kind.hasSubject ? { subject: `Subject ${i}` } : {}),
      createdAt: at,
      updatedAt: at,
      archivedAt: archived ? new Date(at.getTime() + 500) : null,
      readAt: null,
      ...(spam ? { spamAt: at, spamReasons: spam } : {}),
    });
  });
}

/**
 * A lead as the API stores it also holds its search words: here in both forms, so the same
 * documents serve a test on either engine (each reads only its own form).
 */
function withWords<T extends Record<string, unknown>>(kind: LeadKindDescriptor, lead: T) {
  const words = leadWords(kind, lead);
  return { ...lead, ...storedWords('array', words), ...storedWords('text', words) };
}
