import { type SchemaObject } from '@nestjs/swagger';

import { PASSKEY_ID_PATTERN } from '../../contract';

/**
 * WebAuthn's answers in their JSON form (PublicKeyCredential.toJSON(), @simplewebauthn/browser),
 * written out once as the OpenAPI document states them, and checked against that same schema
 * (answerProblem): what the API takes is exactly what the document says. Every object is closed
 * and every string bounded, so a body the document allows always fits the JSON parser's limits
 * (MAX_BODY_KEYS, MAX_JSON_DEPTH, MAX_BODY_BYTES). The server library checks the rest.
 */

/** The longest base64url field of an answer taken (attestation objects are the big ones). */
const FIELD_MAX = 16_384;
const BASE64URL = '^[A-Za-z0-9_-]*$';
const base64url = (maxLength = FIELD_MAX): SchemaObject => ({
  type: 'string',
  pattern: BASE64URL,
  maxLength,
});
const BOOLEAN: SchemaObject = { type: 'boolean' };

/** A closed object: these properties only, the `required` ones always. */
function object(properties: Record<string, SchemaObject>, required: string[] = []): SchemaObject {
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

/**
 * The client extension outputs WebAuthn defines. A browser answers only those the options asked
 * for (registration asks for credProps; sign-in for none): the API reads none of them.
 */
const CLIENT_EXTENSION_RESULTS = object({
  appid: BOOLEAN,
  appidExclude: BOOLEAN,
  credProps: object({ rk: BOOLEAN }),
  hmacCreateSecret: BOOLEAN,
  largeBlob: object({ supported: BOOLEAN, blob: base64url(4_096), written: BOOLEAN }),
  prf: object({
    enabled: BOOLEAN,
    results: object({ first: base64url(128), second: base64url(128) }, ['first']),
  }),
});

const ID: SchemaObject = { type: 'string', pattern: PASSKEY_ID_PATTERN.source, maxLength: 1_364 };

/** An answer of either kind: its outer fields around its `response`. */
const answer = (response: SchemaObject): SchemaObject =>
  object(
    {
      id: ID,
      rawId: ID,
      type: { type: 'string', enum: ['public-key'] },
      response,
      clientExtensionResults: CLIENT_EXTENSION_RESULTS,
      authenticatorAttachment: { type: 'string', pattern: '^[a-z-]{0,32}$' },
    },
    ['id', 'rawId', 'type', 'response', 'clientExtensionResults'],
  );

export const PASSKEY_ANSWER_SCHEMAS = {
  /** navigator.credentials.create()'s answer (a RegistrationResponseJSON). */
  registration: answer(
    object(
      {
        clientDataJSON: base64url(),
        attestationObject: base64url(),
        authenticatorData: base64url(),
        publicKey: base64url(),
        // A COSE algorithm identifier (-7 for ES256, -257 for RS256…).
        publicKeyAlgorithm: { type: 'integer', minimum: -(2 ** 31), maximum: 2 ** 31 - 1 },
        transports: {
          type: 'array',
          items: { type: 'string', maxLength: 32 },
          maxItems: 8,
          description: 'usb, nfc, internal, hybrid…',
        },
      },
      ['clientDataJSON', 'attestationObject'],
    ),
  ),
  /** navigator.credentials.get()'s answer (an AuthenticationResponseJSON). */
  authentication: answer(
    object(
      {
        clientDataJSON: base64url(),
        authenticatorData: base64url(),
        signature: base64url(),
        userHandle: base64url(),
      },
      ['clientDataJSON', 'authenticatorData', 'signature'],
    ),
  ),
} satisfies Record<string, SchemaObject>;

export type PasskeyAnswerKind = keyof typeof PASSKEY_ANSWER_SCHEMAS;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `problem` of the field at `path` (relative to the value checked; none: the value itself). */
const at = (path: string, problem: string) => (path ? `${path} ${problem}` : problem);
const child = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * What is wrong with `value` against `schema` (the keywords the schemas above use), or null.
 * Iterative, as the body parser's checks are.
 */
export function schemaProblem(value: unknown, schema: SchemaObject): string | null {
  const pending: [unknown, SchemaObject, string][] = [[value, schema, '']];
  while (pending.length > 0) {
    const [item, rule, path] = pending.pop() as [unknown, SchemaObject, string];
    const problem = ownProblem(item, rule, path);
    if (problem) return problem;
    if (Array.isArray(item))
      item.forEach((entry, i) =>
        pending.push([entry, rule.items as SchemaObject, `${path}[${i}]`]),
      );
    else if (isRecord(item))
      for (const [key, property] of Object.entries(rule.properties ?? {}).reverse())
        if (item[key] !== undefined)
          pending.push([item[key], property as SchemaObject, child(path, key)]);
  }
  return null;
}

/** What is wrong with `value` itself against `rule` (not with what it holds), or null. */
function ownProblem(value: unknown, rule: SchemaObject, path: string): string | null {
  if (rule.enum && !rule.enum.includes(value)) return at(path, `must be ${rule.enum.join(' or ')}`);
  switch (rule.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : at(path, 'must be true or false');
    case 'integer':
      if (!Number.isInteger(value)) return at(path, 'must be an integer');
      return (rule.minimum !== undefined && (value as number) < rule.minimum) ||
        (rule.maximum !== undefined && (value as number) > rule.maximum)
        ? at(path, `must be from ${rule.minimum} to ${rule.maximum}`)
        : null;
    case 'string':
      if (typeof value !== 'string') return at(path, 'must be a string');
      if (rule.maxLength !== undefined && [...value].length > rule.maxLength)
        return at(path, `is too long (at most ${rule.maxLength} characters)`);
      if (rule.pattern && !new RegExp(rule.pattern).test(value))
        return at(path, `must match ${rule.pattern === BASE64URL ? 'base64url' : rule.pattern}`);
      return null;
    case 'array':
      if (!Array.isArray(value)) return at(path, 'must be a list');
      return rule.maxItems !== undefined && value.length > rule.maxItems
        ? at(path, `may hold at most ${rule.maxItems} items`)
        : null;
    case 'object': {
      if (!isRecord(value)) return at(path, 'must be an object');
      const properties = rule.properties ?? {};
      const unknown = Object.keys(value).find((key) => !Object.hasOwn(properties, key));
      if (unknown !== undefined) return at(path, `has a field it does not take: ${unknown}`);
      const missing = (rule.required ?? []).find((key) => value[key] === undefined);
      return missing === undefined ? null : `${child(path, missing)} is missing`;
    }
    default:
      return null;
  }
}
