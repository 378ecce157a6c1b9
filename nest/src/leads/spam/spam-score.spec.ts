import { LEAD_KINDS, type SpamReason } from '../../contract';
import { type ProofVerdict } from '../intake/proof-verdict';

import { MIN_FILL_MS, scoreSpam, type SpamSubmission } from './spam-score';

const at = new Date('2026-11-24T10:00:00Z');
const contactUs = (fields: Record<string, string> = {}, honeypot = false): SpamSubmission => ({
  kind: LEAD_KINDS.contactUs,
  fields: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'Pricing',
    message: 'See https://example.com for our fleet.',
    ...fields,
  },
  honeypot,
  receivedAt: at,
});
const clean = { repeatedText: false, blocklist: [] };
const missing: ProofVerdict = { status: 'missing' };
const valid: ProofVerdict = { status: 'valid', issuedAt: new Date(at.getTime() - 60_000) };

describe('scoreSpam', () => {
  it('lets a plain JSON lead without a proof through: a missing proof alone is no spam', () => {
    expect(scoreSpam(contactUs(), missing, clean)).toEqual({
      spam: false,
      reasons: ['proof-missing'],
    });
  });

  it('finds nothing in a clean lead with a valid proof, nor with a trusted key or no check', () => {
    for (const proof of [valid, { status: 'trusted' }, { status: 'unchecked' }] as ProofVerdict[])
      expect(scoreSpam(contactUs(), proof, clean)).toEqual({ spam: false, reasons: [] });
  });

  it.each<[string, SpamSubmission, ProofVerdict, SpamReason[]]>([
    ['the honeypot', contactUs({}, true), valid, ['honeypot']],
    ['an invalid proof', contactUs(), { status: 'invalid' }, ['proof-invalid']],
    ['a reused proof', contactUs(), { status: 'reused' }, ['proof-reused']],
    [
      'a form back faster than a person fills it',
      contactUs(),
      { status: 'valid', issuedAt: new Date(at.getTime() - MIN_FILL_MS + 1) },
      ['too-fast'],
    ],
  ])('holds %s alone as spam', (_name, submission, proof, reasons) => {
    expect(scoreSpam(submission, proof, clean)).toEqual({ spam: true, reasons });
  });

  it('holds a blocklisted term alone as spam, in any field and any case', () => {
    const verdict = scoreSpam(contactUs({ subject: 'Cheap CASINO chips' }), valid, {
      ...clean,
      blocklist: ['casino'],
    });
    expect(verdict).toEqual({ spam: true, reasons: ['blocklist'] });
  });

  it.each<[string, SpamSubmission, boolean, SpamReason]>([
    ['a link in the name', contactUs({ name: 'Ada www.cheap.example' }), false, 'links'],
    ['a disposable address', contactUs({ email: 'x@mailinator.com' }), false, 'disposable-email'],
    ['a text many addresses sent', contactUs(), true, 'repeated-text'],
  ])('takes a second reason besides %s', (_name, submission, repeatedText, reason) => {
    const context = { ...clean, repeatedText };
    expect(scoreSpam(submission, valid, context)).toEqual({ spam: false, reasons: [reason] });
    expect(scoreSpam(submission, missing, context)).toEqual({
      spam: true,
      reasons: ['proof-missing', reason],
    });
  });

  it('reads links only in the fields that never hold them (not the message)', () => {
    const keDemo: SpamSubmission = {
      kind: LEAD_KINDS.keDemo,
      fields: { name: 'Ada', email: 'ada@example.com', company: '<a href="x">Acme</a>' },
      honeypot: false,
      receivedAt: at,
    };
    expect(scoreSpam(keDemo, valid, clean).reasons).toEqual(['links']);
    expect(scoreSpam(contactUs(), valid, clean).reasons).toEqual([]);
    const place = { ...keDemo, kind: LEAD_KINDS.consultation, fields: { location: 'http://x.ru' } };
    expect(scoreSpam(place, valid, clean).reasons).toEqual(['links']);
  });
});
