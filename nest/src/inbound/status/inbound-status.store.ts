import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, type UpdateQuery } from 'mongoose';

import { AppConfig } from '../../config/app-config';
import {
  type InboundChannel,
  type InboundChannelStatus,
  type InboundCounts,
  type InboundStatusResponse,
} from '../../contract';
import { findByIds } from '../../database/by-ids';
import { DatabaseEngine } from '../../database/database-engine';
import { isDuplicateKey } from '../../database/duplicate-key';

import { INBOUND_STATE_MODEL, type InboundStateRecord } from './inbound-state.schema';

const HOUR_MS = 3_600_000;
const hourId = (at: Date) => `counts:${at.toISOString().slice(0, 13)}`;

/** What happened to one message, as the status counts it. */
export type CountedOutcome = keyof InboundCounts;

/**
 * The health of the inbound channels and what they did, kept where every API process reads it:
 * the holder of the mailbox writes its connection, polls and errors; every process counts the
 * messages it took in, by hour. Writing here never fails what it describes (logged instead).
 */
@Injectable()
export class InboundStatus {
  private readonly logger = new Logger('Inbound');

  constructor(
    @InjectModel(INBOUND_STATE_MODEL) private readonly state: Model<InboundStateRecord>,
    private readonly config: AppConfig,
    private readonly engine: DatabaseEngine,
  ) {}

  /** Counts one message's outcome in this hour (an `$inc`: unisolated on FerretDB 1.x, where two
   * processes counting the same hour at the same instant may lose one; exact on MongoDB). */
  async count(channel: InboundChannel, outcome: CountedOutcome, at = new Date()): Promise<void> {
    await this.quietly(async () => {
      await this.upsert(hourId(at), { $inc: { [outcome]: 1 } });
      if (outcome !== 'failed')
        await this.upsert(`channel:${channel}`, { $set: { lastMessageAt: at } });
    });
  }

  /** A message refused as bad input, and why (never its content). */
  async refused(channel: InboundChannel, reason: string, at = new Date()): Promise<void> {
    await this.count(channel, 'failed', at);
    await this.quietly(() =>
      this.upsert('last-failure', { $set: { at, channel, reason: reason.slice(0, 500) } }),
    );
  }

  /** The mailbox's holder says how it stands: connected and polled, or failing with `error`. */
  async mailbox(
    update: { connected: true; polledAt?: Date } | { connected: false; error: string },
  ): Promise<void> {
    const set = update.connected
      ? {
          connected: true,
          lastError: null,
          ...(update.polledAt ? { lastPollAt: update.polledAt } : {}),
        }
      : { connected: false, lastError: { at: new Date(), message: update.error.slice(0, 500) } };
    await this.quietly(() => this.upsert('channel:imap', { $set: set }));
  }

  /** The status in words: each channel, the last 24 hours' counts, the last refusal. */
  async read(now = new Date()): Promise<InboundStatusResponse> {
    const hours = Array.from({ length: 24 }, (_, i) =>
      hourId(new Date(now.getTime() - i * HOUR_MS)),
    );
    const ids = ['channel:imap', 'channel:webhook', 'imap-lease', 'last-failure', ...hours];
    const found = new Map(
      (await findByIds(this.state, ids, Boolean(await this.engine.wholeCollectionEngine()))).map(
        (doc) => [doc._id, doc],
      ),
    );
    const last24h: InboundCounts = { processed: 0, skipped: 0, unmatched: 0, failed: 0 };
    for (const id of hours)
      for (const key of Object.keys(last24h) as CountedOutcome[])
        last24h[key] += found.get(id)?.[key] ?? 0;
    const failure = found.get('last-failure');
    return {
      success: true,
      channels: [
        this.imapStatus(found.get('channel:imap'), found.get('imap-lease'), now),
        this.webhookStatus(found.get('channel:webhook')),
      ],
      last24h,
      lastFailure:
        failure?.at && failure.reason
          ? {
              at: failure.at.toISOString(),
              channel: failure.channel === 'imap' ? 'imap' : 'webhook',
              reason: failure.reason,
            }
          : null,
      replyAddress: this.config.inbound.address,
    };
  }

  private imapStatus(
    health: InboundStateRecord | undefined,
    lease: InboundStateRecord | undefined,
    now: Date,
  ): InboundChannelStatus {
    const configured = Boolean(this.config.inbound.imap);
    const lastError = health?.lastError
      ? { at: new Date(health.lastError.at).toISOString(), message: health.lastError.message }
      : null;
    const lastPollAt = health?.lastPollAt ?? null;
    // Polled within two intervals and a lease's time: anything older is a holder gone quiet.
    const fresh =
      lastPollAt !== null &&
      now.getTime() - lastPollAt.getTime() < 2 * this.config.inbound.pollIntervalMs + 60_000;
    const held = Boolean(lease?.until && lease.until.getTime() > now.getTime());
    const state = !configured
      ? 'off'
      : lastError
        ? 'failing'
        : health?.connected && fresh && held
          ? 'connected'
          : lastPollAt
            ? 'failing'
            : 'connecting';
    return {
      channel: 'imap',
      configured,
      state,
      lastError:
        state === 'failing' && !lastError && lastPollAt
          ? {
              at: now.toISOString(),
              message: `no look into the mailbox since ${lastPollAt.toISOString()}`,
            }
          : lastError,
      lastPollAt: lastPollAt?.toISOString() ?? null,
      lastMessageAt: health?.lastMessageAt?.toISOString() ?? null,
    };
  }

  private webhookStatus(health: InboundStateRecord | undefined): InboundChannelStatus {
    const configured = Boolean(this.config.inbound.webhookSecret);
    return {
      channel: 'webhook',
      configured,
      state: configured ? 'ready' : 'off',
      lastError: null,
      lastPollAt: null,
      lastMessageAt: health?.lastMessageAt?.toISOString() ?? null,
    };
  }

  /**
   * An upsert by `_id`. Two at once may both try to insert (the first message of an hour): the
   * loser's duplicate key is answered by trying again, which then updates.
   */
  private async upsert(id: string, update: UpdateQuery<InboundStateRecord>): Promise<void> {
    try {
      await this.state.updateOne({ _id: id }, update, { upsert: true }).exec();
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await this.state.updateOne({ _id: id }, update, { upsert: true }).exec();
    }
  }

  private async quietly(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.logger.warn({ err: error }, 'inbound status not written');
    }
  }
}
