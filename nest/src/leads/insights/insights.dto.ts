import { ApiProperty } from '@nestjs/swagger';
import { IsString, ValidateBy, type ValidationArguments } from 'class-validator';

import { IsTimeZoneQuery } from '../../common/time-zone-query.decorator';
import {
  daysBetween,
  INSIGHTS_RANGE,
  INSIGHTS_SOURCE_VIAS,
  isCalendarDate,
  LEAD_KIND_KEYS,
  LEAD_STAGES,
} from '../../contract';

const { maxDays } = INSIGHTS_RANGE;
const DATE_MESSAGE = (field: string) => `${field} must be a date written YYYY-MM-DD`;

const IsCalendarDate = (field: string) =>
  ValidateBy({
    name: 'isCalendarDate',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isCalendarDate(value),
      defaultMessage: () => DATE_MESSAGE(field),
    },
  });

/** `to` on or after `from`, and the range at most INSIGHTS_RANGE.maxDays days. */
const IsRangeEnd = () =>
  ValidateBy({
    name: 'isRangeEnd',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const from = (args?.object as { from?: unknown } | undefined)?.from;
        // A bad `from` is said on `from`; `to` alone is then only checked as a date.
        if (typeof from !== 'string' || !isCalendarDate(from) || typeof value !== 'string')
          return true;
        const days = daysBetween(from, value);
        return days >= 1 && days <= maxDays;
      },
      defaultMessage: () => `to must be on or after from, at most ${maxDays} days in all`,
    },
  });

export class InsightsQueryDto {
  @ApiProperty({ format: 'date', description: 'first day, in tz', example: '2026-11-01' })
  @IsCalendarDate('from')
  @IsString({ message: DATE_MESSAGE('from') })
  from: string;

  @ApiProperty({
    format: 'date',
    description: `last day, in tz (on or after from, at most ${maxDays} days in all)`,
    example: '2026-11-30',
  })
  @IsRangeEnd()
  @IsCalendarDate('to')
  @IsString({ message: DATE_MESSAGE('to') })
  to: string;

  @IsTimeZoneQuery('IANA time zone the days follow')
  tz?: string;
}

class InsightsDayDto {
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) count: number;
}

class InsightsWeekDto {
  @ApiProperty({ format: 'date', description: 'a Monday, or from' }) start: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) count: number;
}

class InsightsSourceDto {
  @ApiProperty({ description: 'the utm_source, the referrer host, direct, or other' })
  name: string;
  @ApiProperty({ enum: INSIGHTS_SOURCE_VIAS }) via: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) count: number;
}

class InsightsStagesDto {}
for (const stage of LEAD_STAGES)
  ApiProperty({ type: 'integer', minimum: 0 })(InsightsStagesDto.prototype, stage);

class InsightsBusinessResponseTimesDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'within the target in business time' })
  withinTarget: number;
  @ApiProperty({ type: 'number', nullable: true, minimum: 0 }) medianMinutes: number | null;
  @ApiProperty({ type: 'number', nullable: true, minimum: 0 }) p90Minutes: number | null;
}

class InsightsResponseTimesDto {
  @ApiProperty({ type: 'integer', nullable: true, description: 'null in the total' })
  targetMinutes: number | null;
  @ApiProperty({ type: 'integer', minimum: 0 }) answered: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) withinTarget: number;
  @ApiProperty({ type: 'number', nullable: true, minimum: 0 }) medianMinutes: number | null;
  @ApiProperty({ type: 'number', nullable: true, minimum: 0 }) p90Minutes: number | null;
  @ApiProperty({
    type: () => InsightsBusinessResponseTimesDto,
    nullable: true,
    description: 'the same in business hours only; null without a calendar (24/7)',
  })
  business: InsightsBusinessResponseTimesDto | null;
}

class InsightsFiguresDto {
  @ApiProperty({ type: 'integer', minimum: 0 }) leads: number;
  @ApiProperty({ type: () => InsightsDayDto, isArray: true }) days: InsightsDayDto[];
  @ApiProperty({
    type: () => InsightsWeekDto,
    isArray: true,
    nullable: true,
    description: `null for ranges of ${INSIGHTS_RANGE.weeklyOverDays} days or fewer`,
  })
  weeks: InsightsWeekDto[] | null;
  @ApiProperty({ type: () => InsightsSourceDto, isArray: true }) sources: InsightsSourceDto[];
  @ApiProperty({ type: () => InsightsStagesDto }) stages: InsightsStagesDto;
  @ApiProperty({ type: 'number', nullable: true, minimum: 0, maximum: 1 }) wonRate: number | null;
  @ApiProperty({ type: () => InsightsResponseTimesDto }) response: InsightsResponseTimesDto;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'overdue now, whatever the range' })
  overdue: number;
}

class InsightsKindsDto {}
for (const key of LEAD_KIND_KEYS)
  ApiProperty({ type: () => InsightsFiguresDto })(InsightsKindsDto.prototype, key);

export class InsightsResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ format: 'date' }) from: string;
  @ApiProperty({ format: 'date' }) to: string;
  @ApiProperty() tz: string;
  @ApiProperty({ type: () => InsightsKindsDto }) kinds: InsightsKindsDto;
  @ApiProperty({ type: () => InsightsFiguresDto }) total: InsightsFiguresDto;
}
