import { Injectable } from '@nestjs/common';

import { type ChatAlertEvent, type LeadKindDescriptor, type LeadKindKey } from '../../contract';

import { ChatAlertOutbox } from './chat-alert-outbox.store';
import { ChatAlertSettingsService } from './chat-alert-settings';
import { ChatPoster } from './chat-poster';

/** Queues chat alerts in the outbox, as the settings say, once per event, lead and channel. */
@Injectable()
export class ChatAlertQueue {
  constructor(
    private readonly outbox: ChatAlertOutbox,
    private readonly settings: ChatAlertSettingsService,
    private readonly poster: ChatPoster,
  ) {}

  /** Whether any chat webhook is set (else nothing is queued). */
  async configured(): Promise<boolean> {
    return (await this.poster.configured()).length > 0;
  }

  /**
   * Queues `events` of a lead on every configured channel that has them on for the kind. An
   * `overdue` row is a check, due now: the worker reads the lead's due time and waits for it.
   * An event already queued (or posted) is not queued again (ChatAlertOutbox.queue).
   */
  async queue(
    kind: LeadKindDescriptor,
    leadId: string,
    events: readonly ChatAlertEvent[],
    ref?: string,
  ): Promise<void> {
    const channels = await this.poster.configured();
    if (channels.length === 0) return;
    const switches = (await this.settings.all())[kind.key];
    await this.outbox.queue(
      events.flatMap((event) =>
        channels
          .filter((channel) => switches[channel][event])
          .map((channel) => ({ channel, event, kind, leadId, ref })),
      ),
    );
  }

  /** Pulls the kinds' pending overdue checks to now: the worker reads their new due times. */
  async recheckOverdue(kinds: readonly LeadKindKey[]): Promise<void> {
    if (kinds.length === 0 || !(await this.configured())) return;
    await this.outbox.recheckOverdue(kinds);
  }
}
