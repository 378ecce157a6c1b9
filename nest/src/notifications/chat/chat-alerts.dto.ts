import { applyDecorators, HttpStatus, type Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type SchemaObject } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsObject, ValidateNested } from 'class-validator';

import { ApiError } from '../../common/api-error';
import { IsAbsentOr } from '../../common/validation';
import {
  CHAT_ALERT_EVENTS,
  CHAT_CHANNELS,
  type ChatAlertSettings,
  type ChatAlertsRequest,
  LEAD_KIND_KEYS,
} from '../../contract';

import { changedPaths } from './chat-alert-settings.store';

/*
 * `PUT /settings/chat-alerts` (the Settings page's, chat-alerts.controller.ts):
 * `{ [kind]: { [channel]: { [event]: boolean } } }`, every level optional, no other key, no null.
 * The keys come from the contract at run time, so the classes get their properties in loops.
 */

/** One channel's switches for one kind. */
export class ChatAlertEventsDto {}
/** One kind's switches per channel. */
export class ChatAlertChannelsDto {}
/** Body of `PUT /settings/chat-alerts`. */
export class ChatAlertsRequestDto {}

for (const event of CHAT_ALERT_EVENTS)
  applyDecorators(
    ApiPropertyOptional({ type: 'boolean', description: 'post this event' }),
    IsAbsentOr(),
    IsBoolean({ message: `${event} must be true or false` }),
  )(ChatAlertEventsDto.prototype, event);

/** An optional object property validated as `dto` (null and other types refused). */
const nested = (name: string, dto: ClassType, what: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: () => dto, description: what }),
    IsAbsentOr(),
    IsObject({ message: `${name} must be an object` }),
    ValidateNested(),
    Type(() => dto),
  );

for (const channel of CHAT_CHANNELS)
  nested(
    channel,
    ChatAlertEventsDto,
    `the events posted to ${channel}`,
  )(ChatAlertChannelsDto.prototype, channel);
for (const kind of LEAD_KIND_KEYS)
  nested(
    kind,
    ChatAlertChannelsDto,
    `the ${kind} leads' alerts per channel`,
  )(ChatAlertsRequestDto.prototype, kind);

/** An object of these properties and no other, with at least one of them. */
const closed = (properties: Record<string, SchemaObject>): SchemaObject => ({
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties,
});
const each = (keys: readonly string[], schema: (key: string) => SchemaObject) =>
  Object.fromEntries(keys.map((key) => [key, schema(key)]));

/**
 * The body as the OpenAPI document states it, written out: closed at every level (the document's
 * own closing reaches one level of nesting), each object naming at least one switch.
 */
export const CHAT_ALERTS_REQUEST_SCHEMA: SchemaObject = closed(
  each(LEAD_KIND_KEYS, (kind) => ({
    ...closed(
      each(CHAT_CHANNELS, (channel) => ({
        ...closed(
          each(CHAT_ALERT_EVENTS, (event) => ({
            type: 'boolean',
            description: `post ${event} alerts of ${kind} leads to ${channel}`,
          })),
        ),
        description: `the events posted to ${channel}`,
      })),
    ),
    description: `the ${kind} leads' alerts per channel`,
  })),
);

/**
 * A valid body that switches nothing (`{}`, `{"keDemo": {}}`) is refused too: a PUT must change
 * something, as the response targets' does.
 */
export function assertChatAlertsChange(body: ChatAlertsRequest): void {
  // An empty object inside (`{"keDemo": {"teams": {}}}`) names nothing, as the document says.
  const empty: Record<string, string[]> = {};
  for (const [kind, channels] of Object.entries(body)) {
    if (Object.keys(channels ?? {}).length === 0) empty[kind] = [`${kind} names no channel`];
    for (const [channel, events] of Object.entries(channels ?? {}))
      if (Object.keys(events ?? {}).length === 0)
        empty[`${kind}.${channel}`] = [`${kind}.${channel} names no event`];
  }
  if (Object.keys(empty).length > 0)
    throw new ApiError(HttpStatus.BAD_REQUEST, 'Each object must name at least one switch', empty);
  if (Object.keys(changedPaths(body)).length > 0) return;
  const message = `send at least one switch: {kind: {${CHAT_CHANNELS.join('|')}: {${CHAT_ALERT_EVENTS.join('|')}: true|false}}}`;
  throw new ApiError(
    HttpStatus.BAD_REQUEST,
    message,
    Object.fromEntries(LEAD_KIND_KEYS.map((kind) => [kind, [message]])),
  );
}

/** The answer's document (every switch, and which webhooks are set). */
export class ChatAlertsResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'kind → channel → event → on',
  })
  alerts: ChatAlertSettings;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'boolean' } })
  configured: Record<string, boolean>;
}
