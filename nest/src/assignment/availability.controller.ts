import { Body, Controller, Get, HttpStatus, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { Audited } from '../audit/audited.decorator';
import { AdminEndpoint } from '../auth/admin-endpoint.decorator';
import { sessionOf } from '../auth/request-admin';
import { ApiError } from '../common/api-error';
import {
  type Availability,
  AVAILABILITY_PATH,
  type AvailabilityResponse,
  isAwayAt,
} from '../contract';

import { Assigner } from './assigner';
import { AssignmentSweep } from './assignment-sweep';
import { AvailabilityRequestDto, AvailabilityResponseDto } from './assignment.dto';
import { AssignmentStore } from './assignment.store';
import { availabilityOf } from './assignment.validation';

const answer = (availability: Availability): AvailabilityResponse => ({
  success: true,
  availability: { ...availability, awayNow: isAwayAt(availability, new Date()) },
});

/** The signed-in admin's own availability: assignment rules skip them while they are away. */
@ApiTags('auth')
@Controller()
export class AvailabilityController {
  constructor(
    private readonly store: AssignmentStore,
    private readonly assigner: Assigner,
    private readonly sweep: AssignmentSweep,
  ) {}

  @Get(AVAILABILITY_PATH)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Whether you are away (assignment rules skip you), now or for dates ahead',
    ok: AvailabilityResponseDto,
  })
  async read(@Req() request: Request): Promise<AvailabilityResponse> {
    return answer(await this.store.availabilityOf(String(sessionOf(request).admin._id)));
  }

  @Put(AVAILABILITY_PATH)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Say you are away (now, or between from and until) or available again',
    description:
      'Back (or a holiday ahead instead of now): leads the rules left waiting are given owners, oldest first, within ASSIGNMENT_SWEEP_INTERVAL.',
    body: AvailabilityRequestDto,
    ok: AvailabilityResponseDto,
    errors: {
      400: 'Not a date and time, until not after from or not in the future, or dates with away: false (errors per field)',
    },
  })
  @Audited<{ body: AvailabilityRequestDto; result: AvailabilityResponse }>(
    'availability-changed',
    ({ result }) => ({
      detail: {
        away: result.availability.away,
        from: result.availability.from ?? 'now',
        until: result.availability.until ?? 'until back',
      },
    }),
  )
  async change(
    @Body() body: AvailabilityRequestDto,
    @Req() request: Request,
  ): Promise<AvailabilityResponse> {
    const checked = availabilityOf(body, new Date());
    if ('errors' in checked) {
      const [field] = Object.keys(checked.errors);
      const first = field ? checked.errors[field]?.[0] : undefined;
      throw new ApiError(HttpStatus.BAD_REQUEST, `${field}: ${first}`, checked.errors);
    }
    const stored = await this.store.setAvailability(
      String(sessionOf(request).admin._id),
      checked.availability,
    );
    // Every arrival after the answer sees the change, on every process.
    await this.assigner.availabilityChanged();
    // Available now: the leads left waiting need not wait for the next sweep.
    if (!isAwayAt(stored, new Date())) void this.sweep.now();
    return answer(stored);
  }
}
