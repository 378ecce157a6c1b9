import { type OpenAPIObject } from '@nestjs/swagger';

import { AUTH_PATHS, MFA_SETUP_REQUIRED, PASSWORD_CHANGE_REQUIRED } from '../contract';

type Schema = Record<string, unknown> & {
  properties?: Record<string, unknown>;
  required?: string[];
};

interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
}

/**
 * The calls an admin whose password change is due may still make (marked
 * @AllowedWhilePasswordChangeDue() on their routes; test/api/admins.e2e-spec.ts checks the document
 * against the guard's answers): every other call behind the token answers 403 until then.
 */
const ALLOWED_WHILE_PASSWORD_CHANGE_DUE: readonly string[] = [
  AUTH_PATHS.changePassword,
  AUTH_PATHS.reauth,
  AUTH_PATHS.reauthPasskeyOptions,
  AUTH_PATHS.logout,
];

/**
 * The calls an admin may still make while ADMIN_MFA=required and they have no second factor
 * (marked @AllowedWhileMfaSetupDue(); test/api/mfa.e2e-spec.ts checks the document against the
 * guard's answers). Change-password is not one, but an admin on an initial password changes it
 * first: that gate comes before this one.
 */
const ALLOWED_WHILE_MFA_SETUP_DUE: readonly string[] = [
  AUTH_PATHS.mfa,
  AUTH_PATHS.mfaTotp,
  AUTH_PATHS.mfaTotpConfirm,
  AUTH_PATHS.mfaPasskeys,
  AUTH_PATHS.mfaPasskeyRegistrationOptions,
  AUTH_PATHS.logout,
];

/**
 * What the DTO decorators cannot say, added to the generated document so it describes the API
 * exactly: request bodies take no property they don't declare (the ValidationPipe refuses them),
 * a body that names a lead by the spec's id field or by `ids` takes exactly one of the two, and
 * every refusal of the app-wide guard is listed on the operations that can answer it.
 */
export function exactOpenApi(document: OpenAPIObject): OpenAPIObject {
  guardRefusals(document);
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const bodies = new Set<string>();
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item as Record<string, Operation>)) {
      const ref = operation?.requestBody?.content?.['application/json']?.schema?.$ref;
      if (ref) bodies.add(ref.replace('#/components/schemas/', ''));
    }
  // An object a body holds (the intake's `source`) takes no undeclared property either.
  for (const name of [...bodies])
    for (const property of Object.values(schemas[name]?.properties ?? {})) {
      // A property with a description is `allOf: [{$ref}]`, one without a plain `$ref`.
      const { $ref, allOf } = property as { $ref?: string; allOf?: { $ref?: string }[] };
      const nested = $ref ?? allOf?.[0]?.$ref;
      if (nested) bodies.add(nested.replace('#/components/schemas/', ''));
    }
  for (const name of bodies) {
    const schema = schemas[name];
    if (!schema?.properties) continue;
    const names = Object.keys(schema.properties);
    const idField = names.find((n) => n.endsWith('_id'));
    if (idField && names.includes('ids')) {
      // Each branch: its own way of naming leads, plus what both take (such as the panel's `q`).
      const shared = names.filter((n) => n !== idField && n !== 'ids');
      const one = (field: string): Schema => ({
        type: 'object',
        properties: Object.fromEntries(
          [field, ...shared].map((n) => [n, schema.properties?.[n] as Schema]),
        ),
        required: [field, ...(schema.required ?? []).filter((n) => shared.includes(n))],
        additionalProperties: false,
      });
      schemas[name] = { oneOf: [one(idField), one('ids')] };
    } else {
      schema.additionalProperties = false;
    }
  }
  return document;
}

/**
 * The guard's answers, per operation: a call that needs a token answers 401 without a valid one and
 * 403 while the admin's password change or second-factor setup is due (unless it is one that ends
 * that state); a security change's own 403 (reauthRequired) is declared on its route. A call whose
 * token is optional (its security lists `{}`: the public intake) is never refused by the guard, so
 * a 401 its controller's class declares for the others is dropped (one of its own stays). Calls without security (sign-in,
 * token check) keep their own refusals.
 */
function guardRefusals(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths))
    for (const operation of Object.values(item as Record<string, Operation>)) {
      const responses = operation?.responses;
      if (!responses) continue;
      const security = operation.security ?? document.security ?? [];
      if (security.length === 0) continue;
      if (security.some((scheme) => Object.keys(scheme).length === 0)) {
        // Unless the call's own 401 (the intake's X-Intake-Key) is there, not the guard's.
        if (isGuardRefusal(responses['401'])) delete responses['401'];
        continue;
      }
      responses['401'] ??= {
        description: 'Missing, invalid, expired, revoked or idle (SESSION_IDLE_TIMEOUT) token',
      };
      const refusals = [
        ...(ALLOWED_WHILE_PASSWORD_CHANGE_DUE.includes(path) ? [] : [PASSWORD_CHANGE_REQUIRED]),
        ...(ALLOWED_WHILE_MFA_SETUP_DUE.includes(path) ? [] : [MFA_SETUP_REQUIRED]),
      ];
      // Beside the route's own 403 (such as reauthRequired), when it declares one.
      const own = responses['403'] as { description?: string } | undefined;
      const all = [
        ...(own?.description ? [own.description] : []),
        ...refusals.filter((refusal) => !own?.description?.includes(refusal)),
      ];
      if (all.length > 0) responses['403'] = { ...own, description: all.join(' Or: ') };
    }
}

/** The token guard's 401, as the controllers' classes declare it. */
function isGuardRefusal(response: unknown): boolean {
  const description: unknown =
    typeof response === 'object' && response !== null
      ? Reflect.get(response, 'description')
      : undefined;
  return description === undefined || /token/i.test(String(description));
}
