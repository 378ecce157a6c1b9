import { applyDecorators, HttpCode, type Type } from '@nestjs/common';
import {
  ApiBody,
  ApiOperation,
  ApiParam,
  ApiResponse,
  type ReferenceObject,
  type SchemaObject,
} from '@nestjs/swagger';

import { ValidateBodyAs } from './validate-body-as.decorator';

/** A refusal a route documents: its status, and when it is answered. */
export type Refusals = Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503, string>>;

/** What a route answers when it succeeds: a DTO, or a description (and a schema) of its own. */
export type Success =
  Type | { type?: Type; schema?: SchemaObject | ReferenceObject; description?: string };

export interface EndpointOptions {
  summary: string;
  description?: string;
  /** The success answer, with `status` (200 unless a route creates, 201, or queues, 202). */
  ok?: Success;
  status?: 200 | 201 | 202;
  /**
   * The body, documented and validated as this class (or this schema, validated as `validateAs`).
   * Needed where the handler types its body with the contract's interface, which leaves nothing
   * for the validation pipe to check; a handler whose body parameter is the DTO class needs none.
   */
  body?: Type | { schema: SchemaObject; validateAs: Type };
  /** Path parameters, by name, as the document states them (the route's pipes check them). */
  params?: Record<string, SchemaObject>;
  /** The refusals the route itself answers, beside the validation of its input. */
  errors?: Refusals;
}

/**
 * One route as the OpenAPI document describes it: its operation, its success answer and status,
 * its body and path parameters, and every refusal it answers. The answer's status is set here too,
 * so that the document and the server cannot disagree on it.
 */
export function Endpoint(options: EndpointOptions): MethodDecorator {
  const status = options.status ?? 200;
  const ok = typeof options.ok === 'function' ? { type: options.ok } : (options.ok ?? {});
  const body = options.body;
  return applyDecorators(
    HttpCode(status),
    ApiOperation({
      summary: options.summary,
      ...(options.description ? { description: options.description } : {}),
    }),
    ...Object.entries(options.params ?? {}).map(([name, schema]) => ApiParam({ name, schema })),
    ...(body === undefined
      ? []
      : typeof body === 'function'
        ? [ApiBody({ type: body }), ValidateBodyAs(body)]
        : [ApiBody({ schema: body.schema }), ValidateBodyAs(body.validateAs)]),
    ApiResponse({ status, ...ok }),
    ...Object.entries(options.errors ?? {}).map(([code, description]) =>
      ApiResponse({ status: Number(code), description }),
    ),
  );
}
