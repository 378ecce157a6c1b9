import { Body, Controller, Get, Post, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { Audited } from '../../audit/audited.decorator';
import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
import {
  CHAT_ALERT_TEST_PATH,
  CHAT_CHANNELS,
  CHAT_WEBHOOKS_PATH,
  type ChatAlertTestResponse,
  type ChatWebhooksRequest,
  type ChatWebhooksResponse,
} from '../../contract';

import { ChatAlertTest } from './chat-alert-test';
import { ChatWebhooks } from './chat-webhooks';
import {
  ChatAlertTestRequestDto,
  ChatAlertTestResponseDto,
  ChatWebhooksRequestDto,
  ChatWebhooksResponseDto,
} from './chat-webhooks.dto';

/**
 * The chat alerts' webhooks, owners' alone (`settings.integrations`): whoever holds a URL can post
 * to the team's channel, and whoever sets it decides where the leads' names go. Never answered in
 * full: where it comes from and a masked form.
 */
@ApiTags('settings')
@Controller()
export class ChatWebhooksController {
  constructor(
    private readonly webhooks: ChatWebhooks,
    private readonly test: ChatAlertTest,
  ) {}

  @Get(CHAT_WEBHOOKS_PATH)
  @AdminEndpoint({
    permission: 'settings.integrations',
    summary: 'Whether each chat webhook is set, where (environment or Settings page), masked',
    ok: ChatWebhooksResponseDto,
  })
  async read(): Promise<ChatWebhooksResponse> {
    return { success: true, webhooks: await this.webhooks.state() };
  }

  @Put(CHAT_WEBHOOKS_PATH)
  @AdminEndpoint({
    permission: 'settings.integrations',
    summary: 'Set (stored encrypted) or remove (null) the Slack and Teams webhook URLs',
    body: ChatWebhooksRequestDto,
    ok: { type: ChatWebhooksResponseDto, description: 'Each webhook as set now, masked' },
    errors: {
      400: 'Not a Slack or Teams webhook URL (https, their hosts; http only to a loopback address), or neither named',
      409: 'The channel’s URL is set in the server’s environment (SLACK_WEBHOOK_URL, TEAMS_WEBHOOK_URL), which wins',
    },
  })
  @Audited<{ body: ChatWebhooksRequest }>('chat-webhooks-changed', ({ body }) => ({
    // Never the URL: only what was done to each channel.
    detail: Object.fromEntries(
      CHAT_CHANNELS.flatMap((channel) =>
        body[channel] === undefined ? [] : [[channel, body[channel] === null ? 'removed' : 'set']],
      ),
    ),
  }))
  async change(@Body() body: ChatWebhooksRequestDto): Promise<ChatWebhooksResponse> {
    return { success: true, webhooks: await this.webhooks.set(body) };
  }

  @Post(CHAT_ALERT_TEST_PATH)
  @AdminEndpoint({
    permission: 'settings.integrations',
    summary: 'Post a test message to Slack or Teams now, and answer what it said',
    description:
      'Answers 200 whatever the receiver said: `delivered` false with its status and the reason in words when it refused or did not answer.',
    body: ChatAlertTestRequestDto,
    ok: { type: ChatAlertTestResponseDto, description: 'What the receiver said' },
    errors: { 400: 'No channel, or not slack or teams', 409: 'No webhook is set for that channel' },
  })
  @Audited<{ body: ChatAlertTestRequestDto; result: ChatAlertTestResponse }>(
    'chat-alert-test',
    ({ result }) => ({
      detail: { channel: result.channel, delivered: result.delivered, status: result.status ?? 0 },
    }),
  )
  async sendTest(
    @Body() body: ChatAlertTestRequestDto,
    @Req() request: Request,
  ): Promise<ChatAlertTestResponse> {
    await this.webhooks.assertSet(body.channel);
    return this.test.send(body.channel, request.admin?.email ?? 'an owner');
  }
}
