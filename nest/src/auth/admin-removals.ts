import { Injectable } from '@nestjs/common';

import { type AdminRef } from '../contract';

/** What goes with a removed admin elsewhere (their leads' ownership), done as `by`. */
export type AdminRemovalListener = (removed: AdminRef, by: AdminRef | null) => Promise<void>;

/**
 * Where other modules hear that an admin was removed, so that auth knows nothing of them: the lead
 * kinds clear the removed admin's ownership of leads, each lead's timeline saying so.
 */
@Injectable()
export class AdminRemovals {
  private readonly listeners: AdminRemovalListener[] = [];

  listen(listener: AdminRemovalListener): void {
    this.listeners.push(listener);
  }

  /** Runs every listener, one after another; the removal's answer waits for them. */
  async removed(removed: AdminRef, by: AdminRef | null): Promise<void> {
    for (const listener of this.listeners) await listener(removed, by);
  }
}
