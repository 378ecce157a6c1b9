import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsObject,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

import { named } from '../../common/named';
import {
  AtLeastOneOf,
  CONTROL,
  IsAbsentOr,
  IsText,
  NoControlCharacters,
} from '../../common/validation';
import {
  type CreateViewRequest,
  DEFAULT_VIEWS,
  type SavedView,
  type UpdateViewRequest,
  VIEW_NAME_MAX,
  VIEW_SCOPES,
  type ViewOrderRequest,
  type ViewScope,
  VIEWS_MAX,
} from '../../contract';
import { QueueQueryDto } from '../queue/queue-query.dto';

/** A view's query: `GET /leads`'s parameters and their validation, without the page's. */
export class ViewQueryDto extends OmitType(QueueQueryDto, ['limit', 'cursor'] as const) {}
named(ViewQueryDto, 'ViewQuery');

const NameField = () => (target: object, key: string) => {
  IsText(VIEW_NAME_MAX, { oneLine: true, nowhere: CONTROL })(target, key);
  NoControlCharacters()(target, key);
};

const QueryField =
  (description: string, required = true) =>
  (target: object, key: string) => {
    ApiProperty({ type: () => ViewQueryDto, description, required })(target, key);
    IsObject({ message: 'query must be an object (GET /leads’s parameters)' })(target, key);
    ValidateNested()(target, key);
    Type(() => ViewQueryDto)(target, key);
  };

/** Body of `POST /views`. */
export class CreateViewDto implements CreateViewRequest {
  @NameField() name: string;

  @QueryField(
    'The filters and sort, as `GET /leads` takes them (lists as arrays, flags as booleans)',
  )
  query: ViewQueryDto;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'The team’s (needs the permission settings.leads) rather than your own',
  })
  @IsAbsentOr()
  @IsBoolean({ message: 'shared must be true or false' })
  shared?: boolean;
}

/** Body of `PATCH /views/:id`: a new name, a new query, or both. */
export class UpdateViewDto implements UpdateViewRequest {
  @ApiPropertyOptional()
  @NameField()
  @AtLeastOneOf('query', 'send name, query or both')
  name?: string;

  @QueryField('The new filters and sort', false)
  @IsAbsentOr()
  query?: ViewQueryDto;
}

const ORDER_MAX = DEFAULT_VIEWS.length + 2 * VIEWS_MAX;

/** Body of `PUT /views/order`. */
export class ViewOrderDto implements ViewOrderRequest {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', maxLength: 24 },
    maxItems: ORDER_MAX,
    description: 'View ids in the order wanted; views left out follow, in their own order',
  })
  @IsArray({ message: 'ids must be an array of view ids' })
  @ArrayMaxSize(ORDER_MAX, { message: `ids must name at most ${ORDER_MAX} views` })
  @IsString({ each: true, message: 'each of ids must be a view id' })
  @MaxLength(24, { each: true, message: 'each of ids must be a view id' })
  ids: string[];
}

export class SavedViewDto implements SavedView {
  @ApiProperty({ description: 'A default’s id (needs-reply, mine, unassigned, overdue) or 24 hex' })
  id: string;
  @ApiProperty({ maxLength: VIEW_NAME_MAX }) name: string;
  @ApiProperty({ enum: VIEW_SCOPES }) scope: ViewScope;
  @ApiProperty({ type: () => ViewQueryDto }) query: ViewQueryDto;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The leads its list holds for your access, from the kept totals; null where they cannot say (a words search, stages with a wait or outside the inbox, needs reply with overdue)',
  })
  count: number | null;
}
named(SavedViewDto, 'SavedView');

export class ViewsResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => SavedViewDto, isArray: true }) views: SavedViewDto[];
}
named(ViewsResponseDto, 'ViewsResponse');

export class ViewResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => SavedViewDto }) view: SavedViewDto;
}
named(ViewResponseDto, 'ViewResponse');
