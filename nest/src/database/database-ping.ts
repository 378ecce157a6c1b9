import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection, ConnectionStates } from 'mongoose';

const PING_TIMEOUT_MS = 2_000;

/** Whether the database answers now (for /health), asked without ever waiting long. */
@Injectable()
export class DatabasePing {
  /**
   * One ping at a time, however many health checks arrive while it is pending; but never one that
   * has outlived its timeout. A ping can hang for good (seen when the embedded database was killed
   * while it was on the wire: its connection never errors), and every later check would then wait
   * on it and report the database down after it was back.
   */
  private ping?: { answer: Promise<boolean>; sentAt: number };

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async answers(): Promise<boolean> {
    const db = this.connection.db;
    if (!db) return false;
    if (!this.ping || Date.now() - this.ping.sentAt > PING_TIMEOUT_MS) {
      const ping = {
        sentAt: Date.now(),
        answer: db.command({ ping: 1 }).then(
          () => true,
          () => false,
        ),
      };
      void ping.answer.finally(() => {
        if (this.ping === ping) this.ping = undefined;
      });
      this.ping = ping;
    }
    const { answer } = this.ping;
    // The driver marks the connection disconnected as soon as it loses the server: say so at once
    // (a ping would wait for server selection). The ping still goes out, so the driver looks for
    // the server again now rather than at its next heartbeat, and the API recovers within a second
    // of the database coming back.
    if (this.connection.readyState !== ConnectionStates.connected) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        answer,
        new Promise<boolean>(
          (resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)),
        ),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
