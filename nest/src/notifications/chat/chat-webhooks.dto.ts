import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, ValidateBy } from 'class-validator';

import { AtLeastOneOf, IsAbsentOr } from '../../common/validation';
import {
  CHAT_CHANNELS,
  CHAT_WEBHOOK_URL_MAX,
  type ChatAlertTestRequest,
  type ChatAlertTestResponse,
  type ChatChannel,
  type ChatWebhooksRequest,
  type ChatWebhookState,
} from '../../contract';

import { chatWebhookUrlError } from './chat-webhook-url';

/** A channel's new URL (Slack's or Teams' own hosts, see chat-webhook-url.ts), or null. */
const IsWebhookUrlOrNull = (channel: ChatChannel) =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'string',
      nullable: true,
      format: 'uri',
      maxLength: CHAT_WEBHOOK_URL_MAX,
      description: `the ${channel} webhook's URL, or null to remove the one set here`,
    }),
    ValidateBy({
      name: 'chatWebhookUrlOrNull',
      validator: {
        // Absent is the other rules' to judge (AtLeastOneOf, IsAbsentOr).
        validate: (value: unknown) =>
          value === undefined ||
          value === null ||
          (typeof value === 'string' && chatWebhookUrlError(channel, value) === null),
        defaultMessage: (args) =>
          typeof args?.value === 'string'
            ? (chatWebhookUrlError(channel, args.value) ?? '')
            : `${channel} must be a URL, or null to remove it`,
      },
    }),
  );

/** Body of `PUT /settings/chat-alerts/webhooks`. */
export class ChatWebhooksRequestDto implements ChatWebhooksRequest {
  @IsWebhookUrlOrNull('slack')
  @AtLeastOneOf('teams', 'send slack, teams or both: a URL, or null to remove it')
  slack?: string | null;

  @IsWebhookUrlOrNull('teams')
  @IsAbsentOr()
  teams?: string | null;
}

export class ChatWebhookStateDto implements ChatWebhookState {
  @ApiProperty({ enum: ['environment', 'settings'], nullable: true, type: 'string' })
  source: 'environment' | 'settings' | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'https://hooks.slack.com/…x7Kq' })
  masked: string | null;
  @ApiProperty({ description: 'stored, but unreadable since JWT_SECRET changed: set it again' })
  unreadable: boolean;
}

class ChatWebhookStatesDto {
  @ApiProperty({ type: () => ChatWebhookStateDto }) slack: ChatWebhookStateDto;
  @ApiProperty({ type: () => ChatWebhookStateDto }) teams: ChatWebhookStateDto;
}

export class ChatWebhooksResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => ChatWebhookStatesDto }) webhooks: ChatWebhookStatesDto;
}

/** Body of `POST /settings/chat-alerts/test`. */
export class ChatAlertTestRequestDto implements ChatAlertTestRequest {
  @ApiProperty({ enum: CHAT_CHANNELS })
  @IsIn(CHAT_CHANNELS, { message: `channel must be one of ${CHAT_CHANNELS.join(', ')}` })
  channel: ChatChannel;
}

export class ChatAlertTestResponseDto implements ChatAlertTestResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ enum: CHAT_CHANNELS }) channel: ChatChannel;
  @ApiProperty({ description: 'whether Slack or Teams took the message' }) delivered: boolean;
  @ApiProperty({ type: 'integer', nullable: true, description: 'the receiver’s HTTP status' })
  status: number | null;
  @ApiProperty({ description: 'what happened, in words' }) message: string;
}
