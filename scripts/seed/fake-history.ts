import { faker } from '@faker-js/faker';

import { type LeadSource, type LeadStage } from '../../nest/src/contract';

const MINUTE = 60_000;

const UTM_SOURCES = ['newsletter', 'linkedin', 'google-ads', 'boat-show', 'partner-blog'];
const REFERRERS = [
  'www.google.com',
  'www.bing.com',
  'forum.sailing.example',
  'news.ycombinator.com',
];
/** Where a lead that was answered went next, most often first. */
const LATER_STAGES: LeadStage[] = ['contacted', 'contacted', 'qualified', 'won', 'lost'];

/**
 * What happened to a lead after it arrived, made up: where it came from (a campaign, a referring
 * site or nothing), and for most leads a first reply within minutes to a day or two and a stage
 * after it. Put over a fake lead (fakeLead), for the Insights page's pictures and its benchmark.
 */
export function fakeHistory(createdAt: Date, now = Date.now()) {
  const roll = faker.number.float();
  const source: LeadSource | undefined =
    roll < 0.45
      ? { utm_source: faker.helpers.arrayElement(UTM_SOURCES), utm_medium: 'email' }
      : roll < 0.8
        ? { referrer: faker.helpers.arrayElement(REFERRERS) }
        : undefined;
  const replyAt = new Date(
    createdAt.getTime() + faker.number.int({ min: 5, max: 2 * 24 * 60 }) * MINUTE,
  );
  const answered = faker.number.float() < 0.75 && replyAt.getTime() < now;
  return {
    ...(source ? { source } : {}),
    stage: answered ? faker.helpers.arrayElement(LATER_STAGES) : ('new' as const),
    firstResponseAt: answered ? replyAt : null,
  };
}
