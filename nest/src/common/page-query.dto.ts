import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

import { LIST_PAGE } from '../contract';

/** `limit` and `cursor` of any list answered in pages, newest first. */
export class PageQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: LIST_PAGE.maxLimit,
    default: LIST_PAGE.defaultLimit,
  })
  @IsOptional()
  // Query strings are text; accept only plain digits as a number, so `limit=1e3` or `limit=` fail.
  @Transform(({ value }) =>
    typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value,
  )
  // class-validator checks the decorators nearest the property first: the type before the range.
  @Min(1, { message: 'limit must be at least 1' })
  @Max(LIST_PAGE.maxLimit, { message: `limit must be at most ${LIST_PAGE.maxLimit}` })
  @IsInt({ message: `limit must be a whole number from 1 to ${LIST_PAGE.maxLimit}` })
  limit?: number;

  @ApiPropertyOptional({
    description: 'nextCursor of the previous page',
    maxLength: 512,
    // Empty is no cursor: the first page.
    pattern: '^[A-Za-z0-9_-]*$',
  })
  @IsOptional()
  // An empty cursor is no cursor: the first page.
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsString()
  @MaxLength(512)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'cursor is invalid' })
  cursor?: string;
}
