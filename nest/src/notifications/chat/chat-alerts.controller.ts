import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { Audited } from '../../audit/audited.decorator';
import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
import {
  type AuditEntry,
  CHAT_ALERTS_PATH,
  type ChatAlertsRequest,
  type ChatAlertsResponse,
} from '../../contract';

import { ChatAlertSettingsService } from './chat-alert-settings';
import { changedPaths } from './chat-alert-settings.store';
import {
  assertChatAlertsChange,
  CHAT_ALERTS_REQUEST_SCHEMA,
  ChatAlertsRequestDto,
  ChatAlertsResponseDto,
} from './chat-alerts.dto';
import { ChatWebhooks } from './chat-webhooks';

/** What the log keeps of a change: each switch named, `keDemo/slack/overdue: false`. */
const switchesOf = (body: ChatAlertsRequest): AuditEntry['detail'] =>
  Object.fromEntries(
    Object.entries(changedPaths(body)).map(([path, on]) => [
      path.replace(/^alerts\./, '').replace(/\./g, '/'),
      on,
    ]),
  );

/**
 * GET and PUT /settings/chat-alerts: which events each kind posts on each channel, as the team's
 * lead settings (owners and managers). The webhooks themselves are owners' (chat-webhooks.controller).
 */
@ApiTags('settings')
@Controller()
export class ChatAlertsController {
  constructor(
    private readonly settings: ChatAlertSettingsService,
    private readonly webhooks: ChatWebhooks,
  ) {}

  @Get(CHAT_ALERTS_PATH)
  @AdminEndpoint({
    permission: 'settings.leads',
    summary: 'Which chat alerts each kind posts on Slack and Teams, and which webhooks are set',
    ok: ChatAlertsResponseDto,
  })
  async read(): Promise<ChatAlertsResponse> {
    return this.answer(await this.settings.all());
  }

  @Put(CHAT_ALERTS_PATH)
  @AdminEndpoint({
    permission: 'settings.leads',
    summary: 'Switch chat alerts on or off, per kind, channel and event (the others keep theirs)',
    body: { schema: CHAT_ALERTS_REQUEST_SCHEMA, validateAs: ChatAlertsRequestDto },
    ok: { type: ChatAlertsResponseDto, description: 'Every switch as stored' },
    errors: { 400: 'An unknown kind, channel or event, a value not true or false, or no switch' },
  })
  @Audited<{ body: ChatAlertsRequest }>('chat-alerts-changed', ({ body }) => ({
    detail: switchesOf(body),
  }))
  async change(@Body() body: ChatAlertsRequest): Promise<ChatAlertsResponse> {
    assertChatAlertsChange(body);
    return this.answer(await this.settings.set(body));
  }

  private async answer(alerts: ChatAlertsResponse['alerts']): Promise<ChatAlertsResponse> {
    const configured = await this.webhooks.configured();
    return {
      success: true,
      alerts,
      configured: { slack: configured.includes('slack'), teams: configured.includes('teams') },
    };
  }
}
