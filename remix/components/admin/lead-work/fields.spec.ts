import { isWorkRefusal, readWorkForm } from './fields';
import { describeEvent } from './labels';

const formOf = (entries: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
};

describe('the lead detail’s forms', () => {
  it('reads each intent as its request', () => {
    expect(readWorkForm(formOf({ intent: 'stage', stage: 'won' }))).toEqual({
      intent: 'stage',
      stage: 'won',
    });
    expect(readWorkForm(formOf({ intent: 'assign', adminId: '' }))).toEqual({
      intent: 'assign',
      adminId: null,
    });
    expect(readWorkForm(formOf({ intent: 'note', text: '  called  ' }))).toEqual({
      intent: 'note',
      text: 'called',
    });
    expect(readWorkForm(formOf({ intent: 'reply', subject: ' Hi ', text: 'Hello' }))).toEqual({
      intent: 'reply',
      subject: 'Hi',
      text: 'Hello',
    });
  });

  it('refuses what the API would, saying so per field', () => {
    const reply = readWorkForm(formOf({ intent: 'reply', subject: 'a\r\nBcc: x', text: '' }));
    expect(isWorkRefusal(reply) && reply.errors).toEqual({
      subject: ['One line only.'],
      text: ['Write the reply.'],
    });
    expect(readWorkForm(formOf({ intent: 'stage', stage: 'closed' }))).toMatchObject({
      message: 'Choose a stage.',
    });
    expect(readWorkForm(formOf({ intent: 'assign', adminId: 'nope' }))).toMatchObject({
      message: 'Choose an admin.',
    });
    expect(readWorkForm(formOf({ intent: 'shred' }))).toEqual({
      intent: null,
      message: 'That request is not valid.',
    });
  });
});

describe('timeline events in words', () => {
  const admin = { id: 'a', email: 'ann@example.com' };
  const at = '2026-01-01T00:00:00.000Z';
  it('says who did what, and how a reply fared', () => {
    expect(describeEvent({ at, type: 'stage', admin, detail: { from: 'new', to: 'won' } })).toBe(
      'ann@example.com moved it from New to Won',
    );
    expect(
      describeEvent({
        at,
        type: 'reply',
        admin,
        detail: {
          id: 'r',
          subject: 'Hi',
          text: 't',
          to: 'x@example.com',
          status: 'failed',
          error: '550 No such user',
        },
      }),
    ).toBe('ann@example.com replied “Hi” (Failed: 550 No such user)');
    expect(
      describeEvent({
        at,
        type: 'assign',
        admin: null,
        detail: { from: admin, to: null, reason: 'admin-removed' },
      }),
    ).toBe('Owner cleared: their admin account was removed');
    expect(
      describeEvent({
        at,
        type: 'assign',
        admin: null,
        detail: { from: null, to: admin, by: 'rule', rule: 'round-robin' },
      }),
    ).toBe('Round-robin assigned it to ann@example.com');
    expect(
      describeEvent({
        at,
        type: 'assign',
        admin: null,
        detail: {
          from: null,
          to: null,
          by: 'rule',
          rule: 'least-open',
          waiting: 'everyone-at-cap',
        },
      }),
    ).toBe('Least open found nobody: everyone at cap; it waits for someone');
  });
});
