import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { AppConfig } from '../../config/app-config';
import { REAUTH_WINDOW_MINUTES } from '../../contract';
import { ExpiringStore } from '../../database/expiring.store';

import { SESSION_MODEL, type SessionRecord } from './session.schema';

const SWEEP_INTERVAL_MS = 60 * 60_000;
/** lastSeenAt is written at most this often per session (less when the idle timeout is short). */
const TOUCH_INTERVAL_MS = 60_000;
const REAUTH_WINDOW_MS = REAUTH_WINDOW_MINUTES * 60_000;

/** Where a session starts: the client as the API saw it. */
export interface SessionOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** The server side of admin sessions: started at sign-in, read per request, ended one by one. */
@Injectable()
export class SessionStore extends ExpiringStore<SessionRecord> {
  constructor(
    @InjectModel(SESSION_MODEL) sessions: Model<SessionRecord>,
    private readonly config: AppConfig,
  ) {
    super(sessions, config, SWEEP_INTERVAL_MS);
  }

  async start(
    id: string,
    admin: { id: string; sessionVersion: number },
    expiresAt: Date,
    origin: SessionOrigin,
    now = new Date(),
  ): Promise<void> {
    await this.model.create({
      _id: id,
      adminId: admin.id,
      sv: admin.sessionVersion,
      createdAt: now,
      lastSeenAt: now,
      verifiedAt: now,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 512) ?? null,
      expiresAt,
    });
  }

  find(id: string): Promise<SessionRecord | null> {
    return this.model.findById(id).lean<SessionRecord>().exec();
  }

  /** Whether the session went unused longer than SESSION_IDLE_TIMEOUT. */
  isIdle(session: SessionRecord, now = Date.now()): boolean {
    return now - session.lastSeenAt.getTime() > this.idleMs;
  }

  /** Marks the session used, unless that was written recently (one write a minute at most). */
  async touch(session: SessionRecord, now = new Date()): Promise<void> {
    const interval = Math.min(TOUCH_INTERVAL_MS, this.idleMs / 4);
    if (now.getTime() - session.lastSeenAt.getTime() < interval) return;
    await this.model.updateOne({ _id: session._id }, { $set: { lastSeenAt: now } }).exec();
  }

  /** Whether the session checked a factor in the last 5 minutes. */
  isFresh(session: SessionRecord, now = Date.now()): boolean {
    return now - session.verifiedAt.getTime() <= REAUTH_WINDOW_MS;
  }

  async markVerified(id: string, now = new Date()): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { verifiedAt: now, lastSeenAt: now } }).exec();
  }

  /** The admin's sessions that still open: unexpired and not idle, most recently used first. */
  async listOf(
    admin: { id: string; sessionVersion: number },
    now = Date.now(),
  ): Promise<SessionRecord[]> {
    const all = await this.model.find({ adminId: admin.id }).lean<SessionRecord[]>().exec();
    return all
      .filter(
        (s) => s.sv === admin.sessionVersion && s.expiresAt.getTime() > now && !this.isIdle(s, now),
      )
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
  }

  /** Ends one session of the admin; false when they have none by that id. */
  async end(adminId: string, id: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: id, adminId }).exec();
    return result.deletedCount === 1;
  }

  /** Ends every session of the admin (the CLI's reset). */
  async endAllOf(adminId: string): Promise<void> {
    await this.model.deleteMany({ adminId }).exec();
  }

  private get idleMs(): number {
    return this.config.sessionIdleTimeoutSeconds * 1000;
  }
}
