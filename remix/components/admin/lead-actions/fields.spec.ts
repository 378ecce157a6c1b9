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
});
