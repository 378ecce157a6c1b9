import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';

import { TEXT_PATTERNS } from '../../common/validation';
import {
  BLOCKLIST_LIMITS,
  type BlocklistRequest,
  type BlocklistResponse,
  hasLoneSurrogate,
} from '../../contract';

const { terms: maxTerms, termLength } = BLOCKLIST_LIMITS;

const TERMS_SCHEMA = {
  type: 'array',
  maxItems: maxTerms,
  items: { type: 'string', minLength: 1, maxLength: termLength, pattern: TEXT_PATTERNS.oneLine },
} as const;

/** Body of `PUT /settings/blocklist`: the whole list (an empty one clears it). */
export class BlocklistRequestDto implements BlocklistRequest {
  @ApiProperty({
    ...TERMS_SCHEMA,
    description: `Up to ${maxTerms} terms of one line, each 1 to ${termLength} characters; a submission holding one anywhere, in any case, is spam`,
  })
  @IsArray({ message: 'terms must be a list of terms' })
  @ArrayMaxSize(maxTerms, { message: `terms may hold at most ${maxTerms} terms` })
  @IsString({ each: true, message: 'each term must be text' })
  @ValidateBy(
    {
      name: 'wellFormedText',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !hasLoneSurrogate(value),
        defaultMessage: () => 'a term contains a lone surrogate (not Unicode text)',
      },
    },
    { each: true },
  )
  @Matches(new RegExp(TEXT_PATTERNS.oneLine), {
    each: true,
    message: 'each term must be one line, not blank, without NUL',
  })
  @MaxLength(termLength, {
    each: true,
    message: `each term must be at most ${termLength} characters`,
  })
  terms: string[];
}

export class BlocklistResponseDto implements BlocklistResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ ...TERMS_SCHEMA, description: 'As stored: trimmed, each once (ignoring case)' })
  terms: string[];
}
