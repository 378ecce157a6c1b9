import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { type ImapSettings } from '../../config/inbound-env';
import { INBOUND_STATE_MODEL, type InboundStateRecord } from '../status/inbound-state.schema';

/** Where the mailbox was left: the UIDVALIDITY it was read under, and the last UID taken in. */
export interface MailboxPosition {
  uidValidity: string;
  lastUid: number;
}

/**
 * The mailbox's position, kept in the database (so a restart or another process goes on from it),
 * one document per mailbox: the server, user and folder hashed into its `_id`, so pointing
 * INBOUND_IMAP_URL at another mailbox starts that one afresh.
 */
@Injectable()
export class MailboxCursor {
  constructor(
    @InjectModel(INBOUND_STATE_MODEL) private readonly state: Model<InboundStateRecord>,
  ) {}

  async read(mailbox: ImapSettings): Promise<MailboxPosition | null> {
    const found = await this.state.findById(idOf(mailbox)).lean<InboundStateRecord>().exec();
    return found?.uidValidity !== undefined && found.lastUid !== undefined
      ? { uidValidity: found.uidValidity, lastUid: found.lastUid }
      : null;
  }

  async write(mailbox: ImapSettings, position: MailboxPosition): Promise<void> {
    await this.state.updateOne({ _id: idOf(mailbox) }, { $set: position }, { upsert: true }).exec();
  }
}

function idOf({ host, port, user, mailbox }: ImapSettings): string {
  const hash = createHash('sha256').update(`${host}:${port}:${user}:${mailbox}`).digest('hex');
  return `imap-cursor:${hash.slice(0, 32)}`;
}
