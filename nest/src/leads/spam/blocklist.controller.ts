import { createSettingsController } from '../../common/settings.controller';
import { BLOCKLIST_PATH, type BlocklistRequest } from '../../contract';

import { BlocklistRequestDto, BlocklistResponseDto } from './blocklist.dto';
import { BlocklistStore } from './blocklist.store';

/** GET and PUT /settings/blocklist: the terms that make a submission spam. */
export const BlocklistController = createSettingsController({
  permission: 'settings.leads',
  name: 'BlocklistController',
  path: BLOCKLIST_PATH,
  keeper: BlocklistStore,
  field: 'terms',
  answer: BlocklistResponseDto,
  read: {
    summary: 'The terms that make a submission spam (empty until set)',
    run: (store) => store.read(),
  },
  write: {
    summary: 'Replace the blocklist (an empty list clears it)',
    body: BlocklistRequestDto,
    written: 'The list as stored',
    invalid: 'Not a list, too many terms, or a term that is blank, too long or not one line',
    run: (store, body: BlocklistRequest) => store.write(distinctTerms(body.terms)),
    // The count only: the terms are the admins' words, and may name people.
    audit: { action: 'blocklist-changed', detail: (_body, terms) => ({ terms: terms.length }) },
  },
});

/** Trimmed, each once: a term and the same in other case are one (matching ignores case). */
function distinctTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  return terms
    .map((term) => term.trim())
    .filter((term) => {
      const key = term.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
