/**
 * The four kinds of lead, described once. The API builds its routes, schemas and DTOs from these
 * descriptions and the web builds its panels, fetch wrappers and forms from the same ones, so a path
 * or a field name can't drift between the two.
 */
export const LEAD_KIND_KEYS = ['contactUs', 'keDemo', 'brokerDemo', 'consultation'] as const;
export type LeadKindKey = (typeof LEAD_KIND_KEYS)[number];

/** The field that differs between kinds and is shown under the contact details. */
export type LeadTextField = 'message' | 'company' | 'location';

export interface LeadKindDescriptor {
  readonly key: LeadKindKey;
  /** First path segment, the Nest module's name: `/contact-us-request/...`. */
  readonly module: string;
  /** Second path segment, the resource: `/contact-us-request/contact-us-requests`. */
  readonly resource: string;
  /** Body field naming the lead in archive and unarchive calls (spec section 7). */
  readonly idField: string;
  readonly textField: LeadTextField;
  /** MongoDB collection. */
  readonly collection: string;
  /** Used in the console messages of spec section 8: `Failed to archive contact_us request`. */
  readonly logName: string;
  readonly panelTitle: string;
  readonly archivedTitle: string;
  /** Contact-us leads come from the landing form, which has a subject and no phone field. */
  readonly hasSubject: boolean;
  readonly phoneRequired: boolean;
}

export const LEAD_KINDS = {
  contactUs: {
    key: 'contactUs',
    module: 'contact-us-request',
    resource: 'contact-us-requests',
    idField: 'contact_us_request_id',
    textField: 'message',
    collection: 'contact_us_requests',
    logName: 'contact_us',
    panelTitle: 'Contact Us Requests',
    archivedTitle: 'Archived Contact Us Requests',
    hasSubject: true,
    phoneRequired: false,
  },
  keDemo: {
    key: 'keDemo',
    module: 'ke-demo-request',
    resource: 'ke-demo-requests',
    idField: 'demo_request_id',
    textField: 'company',
    collection: 'ke_demo_requests',
    logName: 'ke_demo',
    panelTitle: 'KE Demo Requests',
    archivedTitle: 'Archived KE Demo Requests',
    hasSubject: false,
    phoneRequired: true,
  },
  brokerDemo: {
    key: 'brokerDemo',
    module: 'broker-demo-request',
    resource: 'broker-demo-requests',
    idField: 'demo_request_id',
    textField: 'company',
    collection: 'broker_demo_requests',
    logName: 'broker_demo',
    panelTitle: 'Broker Demo Requests',
    archivedTitle: 'Archived Broker Demo Requests',
    hasSubject: false,
    phoneRequired: true,
  },
  consultation: {
    key: 'consultation',
    module: 'consultation-request',
    resource: 'consultation-requests',
    idField: 'consultation_request_id',
    textField: 'location',
    collection: 'consultation_requests',
    logName: 'consultation',
    panelTitle: 'Consultation Requests',
    archivedTitle: 'Archived Consultation Requests',
    hasSubject: false,
    phoneRequired: true,
  },
} as const satisfies Record<LeadKindKey, LeadKindDescriptor>;

export type LeadKinds = typeof LEAD_KINDS;
export type LeadKind<K extends LeadKindKey = LeadKindKey> = LeadKinds[K];

/** For input that names a kind (a form field, a query parameter). */
export function isLeadKindKey(value: unknown): value is LeadKindKey {
  return typeof value === 'string' && (LEAD_KIND_KEYS as readonly string[]).includes(value);
}

export const leadKindList: readonly LeadKindDescriptor[] = LEAD_KIND_KEYS.map((k) => LEAD_KINDS[k]);

/** The text fields a lead of this kind carries, in display order (what lists, CSV and intake use). */
export function leadFields(kind: LeadKindDescriptor): readonly string[] {
  return ['name', 'email', 'phone_number', kind.textField, ...(kind.hasSubject ? ['subject'] : [])];
}

/** Paths of one kind's calls, relative to the API's origin. */
export function leadPaths(kind: LeadKindDescriptor) {
  const base = `/${kind.module}/${kind.resource}`;
  return {
    active: base,
    archived: `${base}/archived`,
    archive: `${base}/archive`,
    unarchive: `${base}/unarchive`,
    read: `${base}/read`,
    unread: `${base}/unread`,
    delete: `${base}/delete`,
    stage: `${base}/stage`,
    assign: `${base}/assign`,
    spamList: `${base}/spam`,
    spam: `${base}/spam`,
    'not-spam': `${base}/not-spam`,
    create: base,
    exportCsv: `${base}/export.csv`,
    one: (id: string) => `${base}/${encodeURIComponent(id)}`,
  } as const;
}
