import { LEAD_IDS_MAX } from '@contract';

import { leadRef, readQueueBulkForm } from './queue-bulk-fields';

const ID_A = 'a'.repeat(24);
const ID_B = 'b'.repeat(24);

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe('the queue’s bulk form', () => {
  it('groups the selected leads by kind, each once', () => {
    const form = formOf([
      ['action', 'archive'],
      ['lead', leadRef('keDemo', ID_A)],
      ['lead', leadRef('contactUs', ID_B)],
      ['lead', leadRef('keDemo', ID_B)],
      ['lead', leadRef('keDemo', ID_A)],
    ]);
    expect(readQueueBulkForm(form)).toEqual({
      action: 'archive',
      stage: undefined,
      byKind: { keDemo: [ID_A, ID_B], contactUs: [ID_B] },
    });
  });

  it('takes a stage with Set stage, and asks for one without it', () => {
    const lead: [string, string] = ['lead', leadRef('consultation', ID_A)];
    expect(readQueueBulkForm(formOf([['action', 'stage'], ['stage', 'won'], lead]))).toEqual({
      action: 'stage',
      stage: 'won',
      byKind: { consultation: [ID_A] },
    });
    expect(readQueueBulkForm(formOf([['action', 'stage'], lead]))).toBe('Choose a stage first.');
    expect(readQueueBulkForm(formOf([['action', 'stage'], ['stage', 'done'], lead]))).toEqual(
      expect.any(String),
    );
  });

  it('refuses an empty selection, too many leads, a foreign action and a malformed lead', () => {
    expect(readQueueBulkForm(formOf([['action', 'read']]))).toBe('Select at least one lead first.');
    const many = Array.from({ length: LEAD_IDS_MAX + 1 }, (_, n): [string, string] => [
      'lead',
      leadRef('contactUs', n.toString(16).padStart(24, '0')),
    ]);
    expect(readQueueBulkForm(formOf([['action', 'read'], ...many]))).toBe(
      `Select at most ${LEAD_IDS_MAX} leads at once.`,
    );
    const one: [string, string] = ['lead', leadRef('contactUs', ID_A)];
    expect(readQueueBulkForm(formOf([['action', 'delete'], one]))).toBe(
      'That request is not valid.',
    );
    for (const bad of ['contactUs', `boats:${ID_A}`, `contactUs:${ID_A}:x`, 'contactUs:123'])
      expect(
        readQueueBulkForm(
          formOf([
            ['action', 'read'],
            ['lead', bad],
          ]),
        ),
      ).toBe('That request is not valid.');
  });
});
