import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsObject, IsString, Matches, ValidateBy, ValidateNested } from 'class-validator';

import { IsAbsentOr } from '../../common/validation';
import {
  characterCount,
  hasLoneSurrogate,
  LEAD_SOURCE_LIMITS,
  type LeadSource,
  referrerHost,
} from '../../contract';

/** One line of text without control characters: what a campaign tag or a path may hold. */
const UTM_PATTERN = String.raw`^[^\u0000-\u001f\u007f]+$`;
/** A host name, or an http(s) URL to be cut to its host (printable ASCII after the host). */
const REFERRER_PATTERN = String.raw`^(?:[A-Za-z0-9.-]{1,253}|https?://[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?(?:[/?#][!-~]*)?)$`;
/** The path part of an address as browsers send it: printable ASCII, from the root. */
const PATH_PATTERN = String.raw`^/[!-~]*$`;
/** ISO 8601 in UTC, as `Date.prototype.toISOString()` writes it (the milliseconds optional). */
const STARTED_AT_PATTERN = String.raw`^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]{1,3})?Z$`;

/**
 * An optional source field: a string of 1 to `max` characters matching `pattern`, stated in the
 * OpenAPI document as the server checks it.
 */
function IsSourceText(max: number, pattern: string, description: string) {
  return applyDecorators(
    ApiPropertyOptional({ type: 'string', minLength: 1, maxLength: max, pattern, description }),
    IsAbsentOr(),
    IsString(),
    ValidateBy({
      name: 'wellFormedText',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !hasLoneSurrogate(value),
        defaultMessage: () => '$property contains a lone surrogate (not Unicode text)',
      },
    }),
    Matches(new RegExp(pattern), { message: `$property must match ${pattern}` }),
    ValidateBy({
      name: 'maxCharacters',
      constraints: [max],
      validator: {
        validate: (value: unknown) => typeof value === 'string' && characterCount(value) <= max,
        defaultMessage: () => `$property must be at most ${max} characters`,
      },
    }),
  );
}

const IsUtm = (name: string) =>
  IsSourceText(LEAD_SOURCE_LIMITS.utm, UTM_PATTERN, `The landing address’s ${name} parameter`);

/** The first touch of the visit that brought a lead (issue 23): every field optional. */
export class LeadSourceDto implements LeadSource {
  @IsUtm('utm_source') utm_source?: string;
  @IsUtm('utm_medium') utm_medium?: string;
  @IsUtm('utm_campaign') utm_campaign?: string;
  @IsUtm('utm_term') utm_term?: string;
  @IsUtm('utm_content') utm_content?: string;

  @IsSourceText(
    LEAD_SOURCE_LIMITS.referrerUrl,
    REFERRER_PATTERN,
    'The referring site’s host; a full http(s) URL is cut to its host (only the host is stored)',
  )
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? referrerHost(value) : value,
  )
  referrer?: string;

  @IsSourceText(
    LEAD_SOURCE_LIMITS.landingPath,
    PATH_PATTERN,
    'The path of the page the visit began on',
  )
  landingPath?: string;

  @IsSourceText(
    24,
    STARTED_AT_PATTERN,
    'When the visit began: ISO 8601 in UTC (2026-11-24T09:30:00.000Z)',
  )
  startedAt?: string;
}

/** The intake's optional `source`: an object of the fields above, no other key, not null. */
export const IsLeadSource = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: () => LeadSourceDto,
      description: 'Where the lead came from (first touch of the visit); every field optional',
    }),
    IsAbsentOr(),
    IsObject({ message: 'source must be an object' }),
    ValidateNested(),
    Type(() => LeadSourceDto),
  );
