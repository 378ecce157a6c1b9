import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent } from 'react';

import { FIELD_LIMITS, htmlMaxLength } from '@contract';
import { REQUIRED_MESSAGE } from '~/contact/contact-fields';

import { ContactForm, type ContactFormProps } from './contact-form';

const LABELS = ['Your Name', 'Your Email', 'Subject', 'Message'] as const;

function setup(props: Partial<ContactFormProps> = {}) {
  // The form would post (the page's script sends it with fetch); here the spy stands in and stops
  // it, keeping what would have been sent.
  const sent: Record<string, FormDataEntryValue>[] = [];
  const submitted = jest.fn((event: FormEvent<HTMLFormElement>) => {
    sent.push(Object.fromEntries(new FormData(event.currentTarget)));
    event.preventDefault();
  });
  const user = userEvent.setup();
  const view = render(
    <ContactForm
      idPrefix="test"
      action="/?index"
      busy={false}
      onValidSubmit={submitted}
      {...props}
    />,
  );
  const send = () => user.click(screen.getByRole('button', { name: 'SEND' }));
  const fill = async (values: Partial<Record<(typeof LABELS)[number], string>>) => {
    for (const [label, value] of Object.entries(values)) {
      await user.type(screen.getByLabelText(label), value);
    }
  };
  return { ...view, user, submitted, sent, send, fill };
}

const errorOf = (label: string) => {
  const field = screen.getByLabelText(label);
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id) : null;
};

const COMPLETE = {
  'Your Name': 'Ada',
  'Your Email': 'ada@example.com',
  Subject: 'Hi',
  Message: 'Hello',
};

describe('ContactForm', () => {
  it('has the four labelled fields, a 4-row message and the SEND button', () => {
    setup();
    for (const label of LABELS) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Message')).toHaveAttribute('rows', '4');
    expect(screen.getByLabelText('Your Name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Your Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Subject')).toHaveAttribute(
      'maxlength',
      String(htmlMaxLength(FIELD_LIMITS.subject)),
    );
    expect(screen.getByLabelText('Message')).toHaveAttribute(
      'maxlength',
      String(htmlMaxLength(FIELD_LIMITS.message)),
    );
    expect(screen.getByRole('button', { name: 'SEND' })).toHaveAttribute('type', 'submit');
    expect(screen.queryByText(REQUIRED_MESSAGE)).not.toBeInTheDocument();
  });

  it('shows *required field under each empty field on SEND and does not submit', async () => {
    const { send, submitted } = setup();
    await send();
    expect(screen.getAllByText('*required field')).toHaveLength(4);
    for (const label of LABELS) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(errorOf(label)).toHaveTextContent('*required field');
      expect(errorOf(label)).toHaveClass('text-danger');
      // The message sits right under its field.
      expect(field.nextElementSibling).toBe(errorOf(label));
    }
    expect(submitted).not.toHaveBeenCalled();
    // Focus goes to the first field to fix.
    expect(screen.getByLabelText('Your Name')).toHaveFocus();
  });

  it('shows no message under filled fields', async () => {
    const { send, fill, submitted } = setup();
    await fill({ 'Your Name': 'Ada', 'Your Email': 'ada@example.com' });
    await send();
    expect(screen.getAllByText('*required field')).toHaveLength(2);
    expect(errorOf('Your Name')).toBeNull();
    expect(errorOf('Your Email')).toBeNull();
    expect(screen.getByLabelText('Your Name')).not.toHaveAttribute('aria-invalid');
    expect(errorOf('Subject')).toHaveTextContent('*required field');
    expect(errorOf('Message')).toHaveTextContent('*required field');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('treats a field of blanks as empty', async () => {
    const { send, fill } = setup();
    await fill({ 'Your Name': '   ', 'Your Email': 'a@b.c', Subject: 'Hi', Message: 'Hello' });
    await send();
    expect(screen.getAllByText('*required field')).toHaveLength(1);
    expect(errorOf('Your Name')).toHaveTextContent('*required field');
  });

  it('keeps the messages while the visitor types, until the next SEND', async () => {
    const { send, fill } = setup();
    await send();
    await fill({ 'Your Name': 'Ada', Subject: 'Pricing' });
    expect(screen.getAllByText('*required field')).toHaveLength(4);
    expect(errorOf('Your Name')).toHaveTextContent('*required field');
    await send();
    expect(screen.getAllByText('*required field')).toHaveLength(2);
    expect(errorOf('Your Name')).toBeNull();
  });

  it('submits a complete form once', async () => {
    const { send, fill, submitted, sent } = setup();
    await fill(COMPLETE);
    await send();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('*required field')).not.toBeInTheDocument();
    expect(sent[0]).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Hi',
      message: 'Hello',
      website: '',
    });
  });

  it('sends once when SEND is double-clicked', async () => {
    const { user, fill, submitted } = setup();
    await fill(COMPLETE);
    await user.dblClick(screen.getByRole('button', { name: 'SEND' }));
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('disables SEND while a submission is in flight, and allows a new one after it', async () => {
    const { rerender, fill, send, submitted } = setup();
    await fill(COMPLETE);
    await send();
    const props = { idPrefix: 'test', action: '/?index', onValidSubmit: submitted };
    rerender(<ContactForm {...props} busy />);
    expect(screen.getByRole('button', { name: 'SEND' })).toBeDisabled();
    rerender(<ContactForm {...props} busy={false} />);
    await send();
    expect(submitted).toHaveBeenCalledTimes(2);
  });

  it("shows the server's per-field messages and a form message in an alert", () => {
    setup({
      result: {
        ok: false,
        fieldErrors: { email: 'email must be an email' },
        formError: 'Please check the highlighted fields.',
        values: { name: 'Ada', email: 'ada', subject: 'Hi', message: 'Hello' },
      },
    });
    expect(errorOf('Your Email')).toHaveTextContent('email must be an email');
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    // The visitor's input is kept.
    expect(screen.getByLabelText('Your Email')).toHaveValue('ada');
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
  });

  it('has a honeypot people do not reach with Tab', () => {
    setup();
    const honeypot = screen.getByLabelText('Leave this field empty');
    expect(honeypot).toHaveAttribute('name', 'website');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    const form = honeypot.closest('form')!;
    expect(form).toHaveAttribute('novalidate');
    expect(within(form).getAllByRole('textbox')).toHaveLength(5);
  });
});
