import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';

import { BrokerDemoRequestModule } from './broker-demo-request/broker-demo-request.module';
import { ConsultationRequestModule } from './consultation-request/consultation-request.module';
import { ContactUsRequestModule } from './contact-us-request/contact-us-request.module';
import { KeptDaysChecker } from './core/kept-days/kept-days.checker';
import { LeadCoreModule } from './core/lead-core.module';
import { LeadEmailCountsStart } from './core/lead-email-counts-start';
import { LeadEmailKeys } from './core/lead-email-keys';
import { leadKindsProviders, LeadKinds } from './core/lead-kinds';
import { LeadOwnerRelease } from './core/lead-owner-release';
import { LeadSearchWords } from './core/lead-search-words';
import { LeadTotalsChecker } from './core/list-view/lead-totals.checker';
import { KeDemoRequestModule } from './ke-demo-request/ke-demo-request.module';
import { TargetsModule } from './targets/targets.module';

/** Every lead kind's module: one line each, in any order (LeadKinds keeps the contract's). */
const KINDS = [
  ContactUsRequestModule,
  KeDemoRequestModule,
  BrokerDemoRequestModule,
  ConsultationRequestModule,
];

/**
 * The one place that lists the lead kinds. It builds LeadKinds, all a feature that spans the kinds
 * may use of them, and runs the core's own jobs over every kind: the kept totals' check, the kept insights days' check, the
 * start-up fills (email keys, search words, the email counts' first count), and clearing a removed
 * admin's ownership. Features import this module; the kinds' parts stay with the features that
 * extend one kind (re-exported here for them).
 */
@Module({
  imports: [LeadCoreModule, AuthModule, TargetsModule, ...KINDS],
  providers: [
    ...leadKindsProviders,
    LeadTotalsChecker,
    KeptDaysChecker,
    LeadEmailKeys,
    LeadSearchWords,
    LeadEmailCountsStart,
    LeadOwnerRelease,
  ],
  exports: [LeadKinds, KeptDaysChecker, ...KINDS],
})
export class LeadKindsModule {}
