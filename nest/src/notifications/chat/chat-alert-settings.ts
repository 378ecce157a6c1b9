import { Injectable } from '@nestjs/common';

import { KeptReading } from '../../common/kept-reading';
import { type ChatAlertSettings, type ChatAlertsRequest } from '../../contract';

import { ChatAlertSettingsStore } from './chat-alert-settings.store';

/** How long a process answers from the settings it read last (as the response targets do). */
export const CHAT_ALERT_SETTINGS_CACHE_MS = 1_000;

/**
 * Which events each kind posts where, as the queue reads them on every event: read by `_id` at
 * most once a second, then kept; an admin's change through this process applies at once.
 */
@Injectable()
export class ChatAlertSettingsService {
  private readonly kept: KeptReading<ChatAlertSettings>;

  constructor(private readonly store: ChatAlertSettingsStore) {
    this.kept = new KeptReading(() => this.store.read(), CHAT_ALERT_SETTINGS_CACHE_MS);
  }

  all(): Promise<ChatAlertSettings> {
    return this.kept.get();
  }

  async set(changes: ChatAlertsRequest): Promise<ChatAlertSettings> {
    return this.kept.keep(await this.store.write(changes));
  }
}
