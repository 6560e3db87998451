// The OpenAPI document at /api/openapi.json (reference page at /api/docs): OpenAPI 3.1 (so zod's nullable
// schemas are valid), the token security scheme on every route that needs a login, an operationId for every
// operation, and the error answers every route can give, with the error body schemas of ARCHITECTURE.md.
import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './auth.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_TYPE = 'application/pdf';

/** Where a download's content types ride from its response schema to the document (replaced there, not shown). */
const FILE_TYPES = 'x-file-types';

/**
 * A download's answer: the file's bytes, described in the document under its content type(s) as a binary string
 * (not JSON). Any payload passes at run time: the bytes (a Buffer or a stream) are sent as they are.
 */
export const fileAnswer = (description: string, ...types: [string, ...string[]]) =>
  z.any().meta({ description, [FILE_TYPES]: types });

/** Whether a response schema was made by fileAnswer (bytes, not JSON: no shared schema describes them). */
export const isFileAnswer = (schema: unknown) =>
  schema instanceof z.ZodType && Array.isArray(schema.meta()?.[FILE_TYPES]);

/** A response schema made by fileAnswer, as the document shows it: one binary string per content type. */
function fileContent(schema: unknown) {
  const types = (schema as Record<string, unknown> | null)?.[FILE_TYPES];
  if (!Array.isArray(types)) return schema;
  const { description } = schema as { description?: string };
  const binary = { type: 'string', format: 'binary' };
  return { description, content: Object.fromEntries(types.map((t: string) => [t, { schema: binary }])) };
}

const errorResponses = {
  fieldErrors: {
    type: 'object',
    description: 'Validation errors: message keys per field, and non_field_errors for the whole request.',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { name: ['required'], non_field_errors: ['wrong_tender_state'] },
  },
  detail: {
    type: 'object',
    description: 'An error with one message key.',
    properties: { detail: { type: 'string' } },
    required: ['detail'],
    example: { detail: 'not_found' },
  },
};

const ref = (name: keyof typeof errorResponses) => ({ $ref: `#/components/schemas/${name}` });
const answer = (description: string, name: keyof typeof errorResponses) => ({
  description,
  content: { 'application/json': { schema: ref(name) } },
});

/** getTendersIdHistory for GET /api/tenders/{id}/history/: unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/_-]+/)
    .filter(Boolean)
    .map((w) => w.replace(/^:/, '').replace(/[{}]/g, ''));
  const camel = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return method.toLowerCase() + camel;
}

const transform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = out.schema as Record<string, unknown>;
  const route = input.route as { method: string | string[]; url: string; config?: { access?: Access } };
  const method = [route.method].flat()[0];
  const access = route.config?.access;
  const responses = Object.fromEntries(
    Object.entries((schema.response as Record<string, unknown>) ?? {}).map(([code, s]) => [
      code,
      fileContent(s),
    ]),
  );
  responses['400'] ??= answer('Invalid input: message keys per field.', 'fieldErrors');
  if (access !== 'public') {
    responses['401'] ??= answer('Not logged in, or the token has expired.', 'detail');
    responses['403'] ??= answer('The role may not use this call.', 'detail');
  }
  if (String(input.url).includes(':') || String(input.url).includes('{'))
    responses['404'] ??= answer('Not found, or not visible to this user.', 'detail');
  responses['429'] ??= answer('Too many requests.', 'detail');
  return {
    ...out,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, String(input.url)),
      ...(access === 'public' ? { security: [] } : {}),
      response: responses,
    },
  } as ReturnType<SwaggerTransform>;
};

export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tender portal API',
        version: '1.0.1',
        description:
          'Spare-parts tender portal. Send `Authorization: Token <key>` (from POST /api/login/). Errors: 400 ' +
          '`{"field": ["message_key"]}`, 401/403/404 `{"detail": "message_key"}`.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/' }],
      security: [{ token: [] }],
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The word Token, a space, and the key from the login answer.',
          },
        },
        schemas: errorResponses,
      },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  } as FastifyDynamicSwaggerOptions;
}
