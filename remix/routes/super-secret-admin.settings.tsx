import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Alert, Button } from 'react-bootstrap';

import { LEAD_KIND_KEYS, LEAD_KINDS, REPLY_PLACEHOLDERS } from '@contract';
import { inboundStatus } from '~/api-client/conversation.server';
import { UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import {
  replyTemplates,
  responseTargets,
  saveReplyTemplate,
  saveResponseTargets,
} from '~/api-client/lead-work.server';
import { ASSIGNMENT_INTENT } from '~/components/admin/assignment-fields';
import { AssignmentForm, type AssignmentResult } from '~/components/admin/assignment-form';
import { BUSINESS_HOURS_INTENT } from '~/components/admin/business-hours-fields';
import {
  BusinessHoursForm,
  type BusinessHoursResult,
} from '~/components/admin/business-hours-form';
import { type ChatAlertsResult } from '~/components/admin/chat-alert-fields';
import { ChatAlertsSection } from '~/components/admin/chat-alerts-section';
import { InboundStatus } from '~/components/admin/inbound-status';
import { CardSection, ErrorAlert, useBusy } from '~/components/admin/page-parts';
import { SETTINGS_FORMS, TARGET_FIELDS, TEMPLATE_FIELDS } from '~/components/admin/settings-schema';
import { refusalWords } from '~/components/forms/field-errors';
import { FormField } from '~/components/forms/form-field';
import { IntentField } from '~/components/forms/intent-field';
import { firstErrors, readForm, readIntentForm } from '~/components/forms/read-form';
import { adminPageMeta } from '~/utils/admin-meta';
import { isAssignmentForm, loadAssignment, saveAssignmentForm } from '~/utils/assignment.server';
import {
  isBusinessHoursForm,
  loadBusinessHours,
  saveBusinessHoursForm,
} from '~/utils/business-hours.server';
import { isChatAlertsForm, loadChatAlerts, saveChatAlertsForm } from '~/utils/chat-alerts.server';
import { targetInUnits } from '~/utils/response-target';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';

/** What a save answers: which form, whether it was saved, and why not. */
interface SettingsResult {
  intent: 'template' | 'targets' | typeof BUSINESS_HOURS_INTENT | typeof ASSIGNMENT_INTENT;
  kind?: string;
  saved: boolean;
  message?: string;
  errors?: Record<string, string>;
}

/** Settings of working leads: each kind's reply template and response target, business hours. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const [templates, targets, inbound, hours, assignment, chat] = await Promise.all([
    replyTemplates(token).then(unlessSessionBlocked),
    responseTargets(token).then(unlessSessionBlocked),
    inboundStatus(token).then(unlessSessionBlocked),
    loadBusinessHours(token),
    loadAssignment(token),
    loadChatAlerts(token),
  ]);
  return {
    templates: templates.ok ? templates.data.templates : null,
    targets: targets.ok ? targets.data.targets : null,
    inbound: inbound.ok ? inbound.data : null,
    ...hours,
    ...assignment,
    ...chat,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const form = await request.formData();
  if (isBusinessHoursForm(form)) return saveBusinessHoursForm(form, token);
  if (isAssignmentForm(form)) return saveAssignmentForm(form, token);
  if (isChatAlertsForm(form)) return saveChatAlertsForm(form, token);
  const read = readIntentForm(form, SETTINGS_FORMS);
  if (read?.intent === 'template') {
    const { intent } = read;
    if (!read.ok) {
      // Said above the kind's own form, when it names one.
      const named = readForm(form, SETTINGS_FORMS.template.pick({ kind: true }));
      const said = firstErrors(read.errors, ['kind', 'subject', 'text'] as const);
      const message = said.kind ?? said.subject ?? said.text;
      return data<SettingsResult>(
        { intent, ...(named.ok ? named.value : {}), saved: false, message },
        400,
      );
    }
    const { kind, subject, text } = read.value;
    const outcome = await unlessSessionBlocked(
      await saveReplyTemplate(kind, { subject, text }, token),
    );
    return outcome.ok
      ? data<SettingsResult>({ intent, kind, saved: true })
      : data<SettingsResult>(
          {
            intent,
            kind,
            saved: false,
            message:
              outcome.status < 500
                ? refusalWords(outcome, { subject: 'Subject', text: 'Message' })
                : UNAVAILABLE_MESSAGE,
          },
          outcome.status < 500 ? outcome.status : 502,
        );
  }
  if (read?.intent === 'targets') {
    const { intent } = read;
    if (!read.ok)
      return data<SettingsResult>(
        { intent, saved: false, errors: firstErrors(read.errors, LEAD_KIND_KEYS) },
        400,
      );
    const outcome = await unlessSessionBlocked(await saveResponseTargets(read.value, token));
    return outcome.ok
      ? data<SettingsResult>({ intent, saved: true })
      : data<SettingsResult>(
          {
            intent,
            saved: false,
            message: outcome.status < 500 ? outcome.message : UNAVAILABLE_MESSAGE,
          },
          outcome.status < 500 ? outcome.status : 502,
        );
  }
  return data<SettingsResult>({ intent: 'targets', saved: false, message: 'Unknown form.' }, 400);
}

export default function SettingsRoute() {
  const loaded = useLoaderData<typeof loader>();
  const { templates, targets, inbound, businessHours, zones, assignment, admins } = loaded;
  const result = useActionData<SettingsResult & BusinessHoursResult & AssignmentResult>();
  const chatResult = useActionData<ChatAlertsResult>();
  const busy = useBusy();
  const placeholders = REPLY_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');
  return (
    <>
      <h2 className="h4 mb-3">Settings</h2>
      <div className="row g-4">
        <CardSection id="targets-heading" title="Response targets" className="col-12">
          <p>How soon each kind of request should get its first reply; later, it is overdue.</p>
          {targets ? (
            <Form method="post" noValidate>
              <IntentField forms={SETTINGS_FORMS} value="targets" />
              {result?.intent === 'targets' ? (
                result.saved ? (
                  <Alert variant="success" role="status">
                    Response targets saved.
                  </Alert>
                ) : (
                  <ErrorAlert message={result.message} />
                )
              ) : null}
              <div className="settings-targets">
                {LEAD_KIND_KEYS.map((kind) => {
                  const { amount, unit } = targetInUnits(targets[kind]);
                  const error = result?.intent === 'targets' ? result.errors?.[kind] : undefined;
                  return (
                    <fieldset key={kind} className="settings-targets__kind">
                      <legend className="h6">{LEAD_KINDS[kind].panelTitle}</legend>
                      <FormField
                        id={`${kind}-amount`}
                        name={TARGET_FIELDS[kind].amount}
                        type="number"
                        min={1}
                        label="Target"
                        defaultValue={amount}
                        error={error}
                        className="mb-2"
                      />
                      <label htmlFor={`${kind}-unit`} className="visually-hidden">
                        Unit
                      </label>
                      <select
                        id={`${kind}-unit`}
                        name={TARGET_FIELDS[kind].unit}
                        className="form-select form-select-sm"
                        defaultValue={unit}
                      >
                        <option value="hours">hours</option>
                        <option value="minutes">minutes</option>
                      </select>
                    </fieldset>
                  );
                })}
              </div>
              <Button type="submit" variant="primary" className="mt-3" disabled={busy}>
                Save response targets
              </Button>
            </Form>
          ) : (
            <p className="text-body-secondary mb-0">The response targets could not be read.</p>
          )}
        </CardSection>
        <CardSection id="business-hours-heading" title="Business hours" className="col-12">
          {businessHours === undefined ? (
            <p className="text-body-secondary mb-0">The business hours could not be read.</p>
          ) : (
            <BusinessHoursForm
              calendar={businessHours}
              zones={zones}
              result={result?.intent === BUSINESS_HOURS_INTENT ? result : undefined}
              busy={busy}
            />
          )}
        </CardSection>
        <CardSection id="assignment-heading" title="Automatic assignment" className="col-12">
          {assignment === undefined ? (
            <p className="text-body-secondary mb-0">Automatic assignment could not be read.</p>
          ) : (
            <AssignmentForm
              assignment={assignment}
              admins={admins}
              result={result?.intent === ASSIGNMENT_INTENT ? result : undefined}
              busy={busy}
            />
          )}
        </CardSection>
        <CardSection id="chat-alerts-heading" title="Chat alerts" className="col-12">
          <ChatAlertsSection
            alerts={loaded.chatAlerts}
            webhooks={loaded.chatWebhooks}
            webhooksRefused={loaded.chatWebhooksRefused}
            result={chatResult?.intent.startsWith('chat-') ? chatResult : undefined}
            busy={busy}
          />
        </CardSection>
        <CardSection id="inbound-heading" title="Inbound email" className="col-12">
          <InboundStatus status={inbound} />
        </CardSection>
        <CardSection id="templates-heading" title="Reply templates" className="col-12">
          <p>
            The reply form starts from its kind&apos;s template. {placeholders} are replaced by the
            request&apos;s own fields.
          </p>
          {templates ? (
            LEAD_KIND_KEYS.map((kind) => (
              <Form method="post" key={kind} className="settings-template" noValidate>
                <IntentField forms={SETTINGS_FORMS} value="template" />
                <input type="hidden" name={TEMPLATE_FIELDS.kind.name} value={kind} />
                <h4 className="h6">{LEAD_KINDS[kind].panelTitle}</h4>
                {result?.intent === 'template' && result.kind === kind ? (
                  result.saved ? (
                    <Alert variant="success" role="status">
                      Template saved.
                    </Alert>
                  ) : (
                    <ErrorAlert message={result.message} />
                  )
                ) : null}
                <FormField
                  id={`${kind}-subject`}
                  name={TEMPLATE_FIELDS.subject.name}
                  label="Subject"
                  defaultValue={templates[kind].subject}
                  maxLength={TEMPLATE_FIELDS.subject.maxLength}
                />
                <div className="mb-3">
                  <label htmlFor={`${kind}-text`} className="form-label">
                    Message
                  </label>
                  <textarea
                    id={`${kind}-text`}
                    name={TEMPLATE_FIELDS.text.name}
                    className="form-control"
                    rows={5}
                    defaultValue={templates[kind].text}
                    maxLength={TEMPLATE_FIELDS.text.maxLength}
                  />
                </div>
                <Button type="submit" variant="outline-secondary" disabled={busy}>
                  Save template
                  <span className="visually-hidden"> for {LEAD_KINDS[kind].panelTitle}</span>
                </Button>
              </Form>
            ))
          ) : (
            <p className="text-body-secondary mb-0">The reply templates could not be read.</p>
          )}
        </CardSection>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => adminPageMeta('Settings');
