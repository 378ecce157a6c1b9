import { actionEntries, oneLeadButton, readActionForm } from './fields';

const ID_A = 'a'.repeat(24);
const ID_B = 'b'.repeat(24);

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe('the lead-action form', () => {
  it('reads what a lead’s own button posts as one of ids', () => {
    const button = oneLeadButton('archive', ID_A);
    const form = formOf([
      ['kind', 'contactUs'],
      ['q', ' ann '],
      [button.name, button.value],
    ]);
    expect(readActionForm(form)).toEqual({
      action: 'archive',
      kind: 'contactUs',
      ids: [ID_A],
      q: 'ann',
      confirmed: false,
    });
  });

  it('reads back what its builder writes', () => {
    const fields = {
      action: 'delete' as const,
      kind: 'brokerDemo' as const,
      ids: [ID_A, ID_B],
      q: 'x',
      confirmed: true,
    };
    expect(readActionForm(formOf(actionEntries({ ...fields, returnTo: '/a' })))).toEqual(fields);
  });

  it('says what is wrong with a form it cannot take', () => {
    const base: [string, string][] = [['kind', 'contactUs']];
    expect(readActionForm(formOf([...base, ['action', 'archive']]))).toBe(
      'Select at least one request first.',
    );
    expect(readActionForm(formOf([...base, ['action', 'shred'], ['ids', ID_A]]))).toBe(
      'That request is not valid.',
    );
    expect(readActionForm(formOf([...base, ['one', 'archive:nope']]))).toBe(
      'That request is not valid.',
    );
    const many = Array.from({ length: 201 }, (): [string, string] => ['ids', ID_A]);
    expect(readActionForm(formOf([...base, ['action', 'read'], ...many]))).toBe(
      'Select at most 200 requests at once.',
    );
  });

  it('reads a bulk stage change with the shown leads’ stages, and its Undo', () => {
    const ID_C = 'c'.repeat(24);
    const shown: [string, string][] = [
      ['from', `${ID_A}:qualified`],
      ['from', `${ID_B}:new`],
      ['from', `${ID_C}:won`],
    ];
    const set = formOf([
      ['kind', 'keDemo'],
      ['action', 'stage'],
      ['stage', 'lost'],
      ['ids', ID_A],
      ['ids', ID_B],
      ...shown,
    ]);
    expect(readActionForm(set)).toEqual({
      action: 'stage',
      kind: 'keDemo',
      ids: [ID_A, ID_B],
      q: '',
      confirmed: false,
      stage: 'lost',
      from: { [ID_A]: 'qualified', [ID_B]: 'new' },
    });
    const undo = actionEntries({
      action: 'stage',
      kind: 'keDemo',
      ids: [ID_A, ID_B],
      from: { [ID_A]: 'qualified', [ID_B]: 'new' },
      restore: true,
    });
    expect(readActionForm(formOf(undo))).toEqual({
      action: 'stage',
      kind: 'keDemo',
      ids: [ID_A, ID_B],
      q: '',
      confirmed: false,
      from: { [ID_A]: 'qualified', [ID_B]: 'new' },
      restore: true,
    });
    // An Undo must know every lead's stage; a change must name a real stage.
    expect(
      readActionForm(
        formOf([...undo.filter(([, value]) => !value.startsWith(ID_B)), ['ids', ID_B]]),
      ),
    ).toBe('That request is not valid.');
    expect(
      readActionForm(
        formOf([
          ['kind', 'keDemo'],
          ['action', 'stage'],
          ['stage', 'gone'],
          ['ids', ID_A],
        ]),
      ),
    ).toBe('Choose a stage first.');
  });

  it('reads an assignment with the shown leads’ owners, and its Undo', () => {
    const OWNER = 'd'.repeat(24);
    const owners = { [ID_A]: OWNER, [ID_B]: null };
    const undo = actionEntries({
      action: 'assign',
      kind: 'consultation',
      ids: [ID_A, ID_B],
      owners,
      restore: true,
    });
    expect(undo).toContainEqual(['owner', `${ID_B}:`]);
    expect(readActionForm(formOf(undo))).toEqual({
      action: 'assign',
      kind: 'consultation',
      ids: [ID_A, ID_B],
      q: '',
      confirmed: false,
      owners,
      restore: true,
    });
    expect(
      readActionForm(formOf([...undo.filter(([name]) => name !== 'owner'), ['owner', 'x:y']])),
    ).toBe('That request is not valid.');
  });
});
