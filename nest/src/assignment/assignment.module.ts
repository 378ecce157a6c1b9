import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AuthModule } from '../auth/auth.module';
import { LeadCoreModule } from '../leads/core/lead-core.module';
import { LeadKindsModule } from '../leads/lead-kinds.module';

import { Assigner } from './assigner';
import {
  AssignmentLockStore,
  ROTATION_LOCK_MODEL,
  RotationLockSchema,
} from './assignment-lock.store';
import { ROTATION_MODEL, RotationSchema, RotationStore } from './assignment-state.store';
import { AssignmentSweep } from './assignment-sweep';
import { AssignmentSettingsService, AssignmentController } from './assignment.controller';
import {
  ASSIGNMENT_SETTINGS_MODEL,
  AssignmentSettingsSchema,
  AssignmentStore,
  AVAILABILITY_MODEL,
  AvailabilitySchema,
} from './assignment.store';
import { AvailabilityController } from './availability.controller';

/**
 * Automatic assignment (issue 35, decision 0032): each kind's rule, the admins' availability, and
 * the rounds that give arriving and waiting leads owners. Built on the lead kinds: it hears of
 * arrivals and of open leads through the core's LeadEvents, and writes through each kind's rules.
 */
@Module({
  imports: [
    AuthModule,
    LeadCoreModule,
    LeadKindsModule,
    MongooseModule.forFeature([
      { name: ASSIGNMENT_SETTINGS_MODEL, schema: AssignmentSettingsSchema },
      { name: AVAILABILITY_MODEL, schema: AvailabilitySchema },
      { name: ROTATION_MODEL, schema: RotationSchema },
      { name: ROTATION_LOCK_MODEL, schema: RotationLockSchema },
    ]),
  ],
  controllers: [AssignmentController, AvailabilityController],
  providers: [
    AssignmentStore,
    AssignmentLockStore,
    RotationStore,
    Assigner,
    AssignmentSweep,
    AssignmentSettingsService,
  ],
})
export class AssignmentModule {}
