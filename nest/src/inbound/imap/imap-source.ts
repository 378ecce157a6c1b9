import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { ImapFlow } from 'imapflow';

import { AppConfig } from '../../config/app-config';
import { type ImapSettings } from '../../config/inbound-env';
import { InboundPipeline } from '../inbound-pipeline';
import { type InboundSource } from '../inbound-source';
import { InboundStatus } from '../status/inbound-status.store';

import { describeImapError } from './imap-errors';
import { ImapLease, LEASE_TTL_MS } from './imap-lease.store';
import { MailboxCursor, type MailboxPosition } from './mailbox-cursor.store';

/** How often a process without the lease asks for it again. */
const STANDBY_MS = 5_000;
/** The lease is renewed at least this often while held (a third of its time). */
const RENEW_MS = LEASE_TTL_MS / 3;
/** Messages taken in per look; more are taken at the next, right after. */
const BATCH = 500;

/**
 * The IMAP mailbox (INBOUND_IMAP_URL), read with `imapflow` by the one API process holding the
 * lease: each message above the last UID taken in (under the same UIDVALIDITY) goes through the
 * pipeline, then is flagged \Seen (and moved to INBOUND_IMAP_DONE_FOLDER if set) and the position
 * moves past it. A process killed anywhere leaves the position before the message it was on: the
 * next holder takes it in again, and its receipt keeps it once. The mailbox is looked into when
 * IDLE says mail came, and every INBOUND_POLL_INTERVAL in any case.
 */
@Injectable()
export class ImapSource
  implements InboundSource, OnApplicationBootstrap, BeforeApplicationShutdown
{
  readonly channel = 'imap' as const;
  private readonly logger = new Logger('Inbound');
  private stopped = false;
  private running?: Promise<void>;
  private wake?: () => void;
  private lastRenewal = 0;

  constructor(
    private readonly config: AppConfig,
    private readonly lease: ImapLease,
    private readonly cursor: MailboxCursor,
    private readonly pipeline: InboundPipeline,
    private readonly status: InboundStatus,
  ) {}

  configured(): boolean {
    return Boolean(this.config.inbound.imap);
  }

  onApplicationBootstrap(): void {
    const settings = this.config.inbound.imap;
    if (settings) this.running = this.run(settings);
  }

  /** Before the database closes: the message in hand is finished, then the lease given back. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    await this.lease.release().catch(() => undefined);
  }

  private async run(settings: ImapSettings): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        if (!(await this.lease.acquire())) {
          await this.pause(STANDBY_MS);
          continue;
        }
        this.lastRenewal = Date.now();
        await this.session(settings);
        failures = 0;
      } catch (error) {
        failures++;
        const message = describeImapError(error, settings);
        this.logger.warn(`mailbox ${settings.host}: ${message}`);
        await this.status.mailbox({ connected: false, error: message });
        await this.pause(Math.min(60_000, 2_000 * 2 ** Math.min(failures, 5)));
      }
    }
  }

  /** One connection: looks, then waits for mail, until stopped or the lease is lost. */
  private async session(settings: ImapSettings): Promise<void> {
    const client = new ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: { user: settings.user, pass: settings.pass },
      logger: false,
      connectionTimeout: 20_000,
      greetingTimeout: 15_000,
      socketTimeout: 10 * 60_000,
    });
    let mailCame = false;
    // An error event without a listener would end the process; the next command fails instead.
    client.on('error', () => this.wake?.());
    client.on('close', () => this.wake?.());
    client.on('exists', () => {
      mailCame = true;
      this.wake?.();
    });
    await client.connect();
    try {
      await client.mailboxOpen(settings.mailbox);
      const done = this.config.inbound.doneFolder;
      if (done) await client.mailboxCreate(done).catch(() => undefined);
      while (!this.stopped && (await this.keepLease(true))) {
        if (!client.usable) throw new Error('the connection to the mailbox was closed');
        mailCame = false;
        // Mail that comes while looking sets it again: the wait then ends at once.
        if (await this.look(client, settings)) mailCame = true;
        await this.status.mailbox({ connected: true, polledAt: new Date() });
        await this.waitForMail(() => mailCame);
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  /**
   * Takes in what is new: the messages above the position, or at the first look at a mailbox (or
   * after the server renumbered it: a new UIDVALIDITY) the unseen ones, so connecting a mailbox
   * with years of read mail does not make leads of them. Answers whether more are waiting.
   */
  private async look(client: ImapFlow, settings: ImapSettings): Promise<boolean> {
    const mailbox = client.mailbox;
    if (!mailbox) throw new Error(`mailbox ${settings.mailbox} is not open`);
    const uidValidity = String(mailbox.uidValidity);
    const uidNext = Number(mailbox.uidNext);
    const saved = await this.cursor.read(settings);
    const first = !saved || saved.uidValidity !== uidValidity;
    const found = first
      ? await client.search({ seen: false }, { uid: true })
      : await client.search({ uid: `${saved.lastUid + 1}:*` }, { uid: true });
    // `n:*` names the last message even when its UID is below n: only those above count.
    const uids = (found || []).filter((uid) => first || uid > saved.lastUid).sort((a, b) => a - b);
    let position: MailboxPosition = saved && !first ? saved : { uidValidity, lastUid: 0 };
    for (const uid of uids.slice(0, BATCH)) {
      if (this.stopped || !(await this.keepLease())) return false;
      if (!(await this.takeIn(client, uid))) return false;
      position = { uidValidity, lastUid: Math.max(position.lastUid, uid) };
      // At a first look the position is written once at its end: until then, the unseen ones.
      if (!first) await this.cursor.write(settings, position);
    }
    if (first && uids.length <= BATCH)
      await this.cursor.write(settings, {
        uidValidity,
        lastUid: Math.max(position.lastUid, uidNext - 1),
      });
    return uids.length > BATCH;
  }

  /** One message through the pipeline, then marked; false when another process has it now. */
  private async takeIn(client: ImapFlow, uid: number): Promise<boolean> {
    const range = String(uid);
    const { maxBytes } = this.config.inbound;
    const meta = await client.fetchOne(range, { uid: true, size: true }, { uid: true });
    if (!meta) return true;
    let keep = true;
    if ((meta.size ?? 0) > maxBytes) {
      // Not even downloaded: it stays in the mailbox, \Seen, for a person to look at.
      await this.status.refused('imap', `larger than INBOUND_MAX_BYTES (${maxBytes} bytes)`);
      keep = false;
    } else {
      const message = await client.fetchOne(range, { uid: true, source: true }, { uid: true });
      if (!message || !message.source) return true;
      const accepted = await this.pipeline.accept(message.source, 'imap', {
        deadHolders: this.lease.deadHolders,
      });
      if (accepted.outcome === 'busy') return false;
      // A refused message stays in the mailbox, \Seen, for a person to look at.
      keep = accepted.outcome !== 'failed';
    }
    await client.messageFlagsAdd(range, ['\\Seen'], { uid: true });
    const done = this.config.inbound.doneFolder;
    if (done && keep) await client.messageMove(range, done, { uid: true });
    return true;
  }

  /** Waits for IDLE's news of mail, the poll interval, or the end, renewing the lease meanwhile. */
  private async waitForMail(mailCame: () => boolean): Promise<void> {
    const until = Date.now() + this.config.inbound.pollIntervalMs;
    while (!this.stopped && !mailCame() && Date.now() < until) {
      await this.pause(Math.min(RENEW_MS, until - Date.now()));
      if (!(await this.keepLease())) return;
    }
  }

  /** Renews the lease when due (or `now`); false once another process holds it. */
  private async keepLease(now = false): Promise<boolean> {
    if (!now && Date.now() - this.lastRenewal < RENEW_MS) return true;
    const held = await this.lease.renew();
    if (held) this.lastRenewal = Date.now();
    return held;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wake = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }
}
