import { HttpStatus, Injectable } from '@nestjs/common';

import { AdminService } from '../auth/admin.service';
import { ApiError } from '../common/api-error';
import { createSettingsController } from '../common/settings.controller';
import {
  ASSIGNMENT_PATH,
  type AssignmentRequest,
  type AssignmentSettings,
  type AuditEntry,
  type LeadKindKey,
} from '../contract';

import { Assigner } from './assigner';
import {
  ASSIGNMENT_REQUEST_SCHEMA,
  AssignmentRequestDto,
  AssignmentResponseDto,
} from './assignment.dto';
import { AssignmentStore } from './assignment.store';
import { assignmentErrors, validAssignment } from './assignment.validation';

/** The rules' settings: read and changed by whoever has `settings.leads`. */
@Injectable()
export class AssignmentSettingsService {
  constructor(
    private readonly store: AssignmentStore,
    private readonly admins: AdminService,
    private readonly assigner: Assigner,
  ) {}

  get(): Promise<AssignmentSettings> {
    return this.store.rules();
  }

  /** Validates the change whole (400 per field), stores it, and counts the kinds switched on. */
  async set({ assignment }: AssignmentRequest): Promise<AssignmentSettings> {
    const known = new Set((await this.admins.list()).map((admin) => admin.id));
    const errors = assignmentErrors(assignment, known);
    const fields = Object.keys(errors);
    if (fields.length > 0) {
      const first = errors[fields[0] as string]?.[0] ?? 'invalid';
      throw new ApiError(HttpStatus.BAD_REQUEST, `${fields[0]}: ${first}`, errors);
    }
    const before = await this.store.rules();
    const stored = this.assigner.rules.keep(await this.store.setRules(validAssignment(assignment)));
    // Switched on: each admin's open leads of the kind are counted from the leads once, now,
    // rather than trusted from whenever the rule was last on.
    const switchedOn = (Object.keys(assignment) as LeadKindKey[]).filter(
      (kind) => before[kind].rule === 'off' && stored[kind].rule !== 'off',
    );
    await Promise.all(switchedOn.map((kind) => this.assigner.recount(kind)));
    return stored;
  }
}

/** GET and PUT /settings/assignment: each kind's automatic assignment. */
export const AssignmentController = createSettingsController({
  name: 'AssignmentController',
  path: ASSIGNMENT_PATH,
  permission: 'settings.leads',
  keeper: AssignmentSettingsService,
  field: 'assignment',
  answer: AssignmentResponseDto,
  read: {
    summary: 'Each kind’s automatic assignment: its rule, eligible admins and cap',
    run: (settings) => settings.get(),
  },
  write: {
    summary: 'Change the automatic assignment of one or more kinds (each kind whole)',
    body: { schema: ASSIGNMENT_REQUEST_SCHEMA, validateAs: AssignmentRequestDto },
    written: 'Every kind’s rule as stored',
    invalid:
      'Not a rule: an unknown kind or rule, an admin id that is malformed, listed twice or of no admin, a rule on with nobody to choose, or a cap out of range (each field named)',
    run: (settings, body: AssignmentRequest) => settings.set(body),
    audit: { action: 'assignment-changed', detail: (body) => summary(body) },
  },
});

/** What the log keeps: each kind changed, its rule, how many admins and the cap. */
function summary({ assignment }: AssignmentRequest): AuditEntry['detail'] {
  return Object.fromEntries(
    Object.entries(assignment).map(([kind, value]) => [
      kind,
      `${value.rule}, ${value.admins.length} admin(s), cap ${value.cap ?? 'none'}`,
    ]),
  );
}
