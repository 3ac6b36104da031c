/**
 * The API document at /api/docs (@fastify/swagger, from the routes' schemas). What a route's
 * declaration says (plugins/access.ts) is written into its operation here, so the document
 * cannot say otherwise than the guard does: the security requirement (the token headers as
 * security schemes), the refusal it answers (401 or the 404 of a missing page), and a stable
 * operationId, so a business can generate a client from the document.
 */
import type { SwaggerOptions } from '@fastify/swagger';
import { paths } from '../../shared/routes';
import type { Config } from '../config';
import { refusalStatus, securitySchemes, securitySchemesOf, type Access } from './access';

const ERROR_BODY = { $ref: 'ErrorBody#' } as const;

/**
 * GET /api/users/{id}/reply → getUsersByIdReply: the method, then each path segment in
 * camelCase ('/api' dropped, a parameter as By<Name>, '.' and '-' as word breaks). Stable for
 * as long as the route's method and path are.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^(?::|\{)([^}]+)\}?$/.exec(segment);
      return param ? ['by', ...param[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

type Schema = Record<string, unknown> & { response?: Record<string, unknown> };

/** The route's schema as the document shows it: with what its declaration says. */
export function documentedSchema(schema: Schema | undefined, method: string, url: string, declared: Access | undefined): Schema | undefined {
  if (!schema || schema.hide || !declared) return schema;
  const response: Record<string, unknown> = { ...schema.response };
  const security = securitySchemesOf(declared);
  const optional = declared.callers[0] === 'public';
  if (optional && declared.identifies?.includes('apiKey')) response[401] ??= ERROR_BODY;
  if (security.length > 0 && !optional) {
    // Whoever the route refuses hears its refusal status; a signed-in caller of the other kind,
    // or another owner, hears the 404 of a missing page.
    response[refusalStatus(declared)] ??= ERROR_BODY;
    response[404] ??= ERROR_BODY;
  }
  if (declared.owner) response[404] ??= ERROR_BODY;
  const description = [schema.description, callersNote(declared)].filter(Boolean).join('\n\n');
  return {
    ...schema,
    operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, url),
    // Any one of the schemes will do (OR); an empty list is "no credentials needed".
    // A public route that identifies its caller: no credentials, or any one of them.
    security: [...(optional && security.length > 0 ? [{}] : []), ...security.map((name) => ({ [name]: [] }))],
    description,
    response,
  };
}

function callersNote(declared: Access): string {
  const who =
    declared.callers[0] === 'public'
      ? `anyone${declared.identifies ? ` (a ${declared.identifies.map((k) => (k === 'apiKey' ? "business's API key" : "company's session")).join(' or a ')} is recognised)` : ''}`
      : declared.callers.join(', ');
  return `Callers: ${who}.${declared.owner ? ` Owner only: ${declared.owner}.` : ''}`;
}

export function openApiOptions(config: Config): SwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Ogba Dispatch API',
        version: '1.0.0',
        description: 'The API of the Lagos dispatch marketplace. Every error body is {error:{field,message}}.',
        license: { name: 'Proprietary', url: `${config.publicUrl}${paths.termsAndConditions}` },
      },
      servers: [{ url: config.publicUrl, description: 'This server' }],
      components: { securitySchemes: securitySchemes as never },
    },
    transform: ({ schema, url, route }) => ({
      url,
      schema: documentedSchema(
        schema as Schema | undefined,
        ([] as string[]).concat(route.method)[0]!,
        url,
        (route.config as { access?: Access } | undefined)?.access,
      ) as never,
    }),
  };
}
