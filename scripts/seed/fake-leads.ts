import { faker } from '@faker-js/faker';
import { type Db, ObjectId } from 'mongodb';

import { emailKey, type LeadKindDescriptor } from '../../nest/src/contract';
import { engineFacts } from '../../nest/src/database/database-engine';
import { leadWords } from '../../nest/src/leads/core/lead-words';
import {
  storedWords,
  type WordsForm,
  wordsFormOf,
} from '../../nest/src/leads/core/repository/lead-words.repository';

import { company, location, message, subject } from './boat-words';

const DAY = 86_400_000;

/** A plausible lead of a kind (boats, brokers, marinas; in English), received at some time in the last `days` days (some archived). */
export function fakeLead(
  kind: LeadKindDescriptor,
  options: { days: number; archivedRatio: number; wordsForm: WordsForm },
  /** A given person instead of a made-up one. */
  person?: { name: string; email: string },
) {
  const first = faker.person.firstName();
  const last = faker.person.lastName();
  const createdAt = new Date(Date.now() - Math.floor(Math.random() * options.days * DAY));
  const archived = Math.random() < options.archivedRatio;
  const text: Record<string, string> = {
    message: message(),
    company: company(),
    location: location(),
  };
  const email =
    person?.email ?? faker.internet.email({ firstName: first, lastName: last }).toLowerCase();
  const lead = {
    _id: new ObjectId(),
    name: person?.name ?? `${first} ${last}`,
    email,
    emailKey: emailKey(email),
    phone_number:
      kind.phoneRequired || Math.random() < 0.3
        ? faker.phone.number({ style: 'international' })
        : '',
    [kind.textField]: text[kind.textField],
    ...(kind.hasSubject ? { subject: subject() } : {}),
    createdAt,
    updatedAt: createdAt,
    archivedAt: archived
      ? new Date(createdAt.getTime() + Math.floor(Math.random() * 7 * DAY))
      : null,
    readAt: archived ? createdAt : null,
  };
  // As the API stores a lead: with its search words, in the form of the engine it goes to.
  return { ...lead, ...storedWords(options.wordsForm, leadWords(kind, lead)) };
}

/** The form of search words the engine behind `db` keeps (as the API's DatabaseEngine decides). */
export async function wordsFormOfDb(db: Db): Promise<WordsForm> {
  return wordsFormOf(engineFacts(await db.admin().command({ buildInfo: 1 })).wholeCollection);
}

export type FakeLead = ReturnType<typeof fakeLead>;
