// Acting on leads from the web, in one place: the form's fields (written and read), where it posts,
// the fetchers that carry it, the labels, and the form and button components.
export {
  type ActionFields,
  actionEntries,
  actionPostSchema,
  FIELD,
  oneLeadButton,
  readActionForm,
} from './fields';
export { type LeadActionResult, useLeadActionFetcher, usePageFetcher } from './hooks';
export { ACTION_LABELS } from './labels';
export { LeadActionButton, LeadActionForm } from './lead-action-form';
export { LEADS_PATH, pageHref } from './paths';
export { leadActionAnswered } from './revalidation';
