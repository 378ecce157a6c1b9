// The module graph's rules, checked by `npm run lint` (issue 31, decision 0022): no import cycle
// anywhere in the API or the web app, and the lead layers' direction. Type-only imports count: a
// cycle through types is still two files that cannot be read one without the other.

/** The features built on the lead core, the kinds (`leads/<name>-request/`) and their list. */
const ABOVE_CORE = [
  '^nest/src/leads/(work|inbox|insights|retention|reply-templates)/',
  // Merging a person's requests (issue 35); its records are kept below (merge/store/).
  '^nest/src/leads/merge/(?!store/)',
  '^nest/src/leads/[a-z-]+-request/',
  '^nest/src/leads/lead-kinds[.]module[.]ts$',
  '^nest/src/privacy/',
  '^nest/src/notifications/notification-worker',
  // Conversations' rules and calls, and inbound mail (issue 33): leads reached through LeadMailPort.
  '^nest/src/leads/conversation/(?!store/)',
  '^nest/src/inbound/',
];

/** What the lead core builds on, which knows no stored lead. */
const BELOW_CORE = [
  '^nest/src/leads/(intake|spam|targets|timeline)/',
  '^nest/src/notifications/(?!notification-worker)',
  // Where conversations are kept: a lead by kind and id, as the timeline knows it.
  '^nest/src/leads/conversation/store/',
  '^nest/src/leads/merge/store/',
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: these files can only be read, tested and changed together.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-a-base',
      severity: 'error',
      comment:
        'The lead core imports none of the features built on it: they get what they need of it through LeadKinds or a kind`s parts.',
      from: { path: '^nest/src/leads/core/' },
      to: { path: ABOVE_CORE },
    },
    {
      name: 'below-the-core',
      severity: 'error',
      comment:
        'Intake, spam, targets, timeline and the outbox know no stored lead: the core asks them, never the other way.',
      from: { path: BELOW_CORE },
      to: { path: ['^nest/src/leads/core/', ...ABOVE_CORE] },
    },
    {
      name: 'thin-kinds',
      severity: 'error',
      comment: 'A lead kind is its fields and its intake DTO on the generic core: nothing else.',
      from: { path: '^nest/src/leads/([a-z-]+-request)/' },
      to: { path: '^nest/src/leads/', pathNot: ['^nest/src/leads/core/', '^nest/src/leads/$1/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '[.](spec|test)[.]tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
