import { AUDIT_ACTIONS } from '@contract';

import { activityHref, auditActionLabel, describeDetail } from './activity';

describe('the Activity page’s words', () => {
  it('names every action the API records, and keeps an unknown one as it is', () => {
    const labels = AUDIT_ACTIONS.map(auditActionLabel);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    expect(labels).not.toContain('');
    expect(auditActionLabel('erase')).toBe('Erased a person’s requests');
    expect(auditActionLabel('something-new')).toBe('something-new');
  });

  it('says what an erasure removed by panel, leaving out the kinds it found nothing in', () => {
    const detail = { contactUs: 1, keDemo: 0, brokerDemo: 2, consultation: 0 };
    expect(describeDetail({ action: 'erase', detail })).toBe(
      'Contact Us Requests: 1, Broker Demo Requests: 2',
    );
    expect(
      describeDetail({
        action: 'erase',
        detail: { contactUs: 0, keDemo: 0, brokerDemo: 0, consultation: 0 },
      }),
    ).toBe('nothing was stored');
  });

  it('says what a retention run deleted', () => {
    const detail = { archived: 3, spam: 12, contactUs: 15, archivedDays: 90, spamDays: 30 };
    expect(describeDetail({ action: 'retention', detail })).toBe(
      '3 archived and 12 spam requests deleted',
    );
  });

  it('words look-ups, settings and flags', () => {
    expect(describeDetail({ action: 'privacy-access', detail: { leads: 3 } })).toBe('3 found');
    expect(describeDetail({ action: 'export', detail: { state: 'active', searched: false } })).toBe(
      'state: active, searched: no',
    );
    expect(describeDetail({ action: 'read', detail: {} })).toBe('');
  });

  it('links older pages by cursor', () => {
    expect(activityHref()).toBe('/super-secret-admin/activity');
    expect(activityHref('a+b/c')).toBe('/super-secret-admin/activity?cursor=a%2Bb%2Fc');
  });
});
