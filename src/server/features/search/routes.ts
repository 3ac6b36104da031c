/**
 * Finding riders, for signed-in companies only:
 *   GET    /api/companies/riders                ?state&town&experience&languages&education&verified&min_rating&q&sort&cursor → {items, next}
 *   GET    /api/companies/riders/:username      the rider's public profile, reputation and shortlist flag
 *   GET    /api/companies/shortlist             ?cursor → {items, next}
 *   PUT    /api/companies/shortlist/:username   → {message, shortlisted: true}
 *   DELETE /api/companies/shortlist/:username   → {message, shortlisted: false}
 * The company check runs at onRequest, before the query is even validated: signed out is 401,
 * a rider (or a staff token) the 404 of a missing page, whatever they send.
 */
import type { FastifyInstance } from 'fastify';
import {
  EDUCATION_OPTIONS,
  EXPERIENCE_OPTIONS,
  MIN_RATINGS,
  SEARCH_LANGUAGES_MAX,
  SEARCH_PLACE_MAX,
  SEARCH_SORTS,
  SEARCH_TEXT_MAX,
  type CompanyRiderProfile,
  type RiderSearchPage,
  type ShortlistResponse,
} from '../../../shared/riderSearch';
import { errorResponses } from '../../errors';
import { unauthorizedResponse } from '../../plugins/auth';
import { nullableString } from '../../domain/riderProfile';
import { listShortlist, readRiderForCompany, searchRiders, shortlistRider, unshortlistRider, type RiderSearchQuery } from './service';
import { access } from '../../plugins/access';
import { DELIVERY_RECORD_FIELDS, deliveryRecordProperties } from '../../domain/deliveryRecordFigures';

const errors = { ...errorResponses, ...unauthorizedResponse, 404: { $ref: 'ErrorBody#' } } as const;
const cursorSchema = { type: 'string', maxLength: 200 } as const;

const reputationProperties = {
  job_success: { type: ['integer', 'null'] },
  jobs_counted: { type: 'integer' },
  review_count: { type: 'integer' },
  rating_average_x100: { type: ['integer', 'null'] },
  ...deliveryRecordProperties,
} as const;

const pictureSchema = { anyOf: [{ type: 'null' }, { type: 'object', required: ['url'], properties: { url: { type: 'string' } } }] } as const;

const resultSchema = {
  type: 'object',
  required: [
    'username', 'display_name', 'introduction', 'state', 'town', 'experience', 'id_verified', 'picture',
    'job_success', 'jobs_counted', 'review_count', 'rating_average_x100', ...DELIVERY_RECORD_FIELDS, 'shortlisted',
  ],
  properties: {
    username: { type: 'string' },
    display_name: { type: 'string' },
    introduction: nullableString,
    state: nullableString,
    town: nullableString,
    experience: nullableString,
    id_verified: { type: 'boolean' },
    picture: pictureSchema,
    ...reputationProperties,
    shortlisted: { type: 'boolean' },
  },
} as const;

const pageSchema = {
  type: 'object',
  required: ['items', 'next'],
  properties: {
    items: { type: 'array', items: resultSchema },
    next: { type: ['string', 'null'] },
    total: { type: 'integer', description: 'The first page of a search only: riders matching, counted up to 1,001' },
  },
} as const;

const dated = { type: 'object', properties: { start_date: { type: 'string' }, end_date: nullableString } } as const;

const riderSchema = {
  type: 'object',
  required: [
    'username', 'display_name', 'full_name', 'introduction', 'bio', 'state', 'town', 'picture', 'total_years_of_experience',
    'languages_spoken', 'education', 'id_verified', 'workHistories', 'pastEmployees', 'member_since',
    'job_success', 'jobs_counted', 'review_count', 'rating_average_x100', ...DELIVERY_RECORD_FIELDS, 'shortlisted',
  ],
  properties: {
    username: { type: 'string' },
    display_name: { type: 'string' },
    full_name: { type: ['string', 'null'], description: 'Only once the rider accepted a request of this company (active or ended)' },
    introduction: nullableString,
    bio: nullableString,
    state: nullableString,
    town: nullableString,
    picture: pictureSchema,
    total_years_of_experience: nullableString,
    languages_spoken: nullableString,
    education: nullableString,
    id_verified: { type: 'boolean' },
    workHistories: {
      type: 'array',
      items: {
        ...dated,
        properties: { ...dated.properties, position: { type: 'string' }, company_name: { type: 'string' }, number_of_years: { type: 'string' } },
      },
    },
    pastEmployees: { type: 'array', items: { ...dated, properties: { ...dated.properties, company_name: { type: 'string' } } } },
    member_since: { type: 'string' },
    ...reputationProperties,
    shortlisted: { type: 'boolean' },
  },
} as const;

const usernameParams = {
  type: 'object',
  required: ['username'],
  properties: { username: { type: 'string', maxLength: 64 } },
} as const;

const shortlistResponse = {
  type: 'object',
  required: ['message', 'shortlisted'],
  properties: { message: { type: 'string' }, shortlisted: { type: 'boolean' } },
} as const;

const searchQuerystring = {
  type: 'object',
  properties: {
    state: { type: 'string', maxLength: SEARCH_PLACE_MAX },
    town: { type: 'string', maxLength: SEARCH_PLACE_MAX },
    experience: { type: 'string', enum: ['', ...EXPERIENCE_OPTIONS] },
    languages: { type: 'string', maxLength: SEARCH_LANGUAGES_MAX },
    education: { type: 'string', enum: ['', ...EDUCATION_OPTIONS] },
    verified: { type: 'string', enum: ['', '0', '1', 'true', 'false'] },
    min_rating: { type: 'string', enum: ['', ...MIN_RATINGS] },
    q: { type: 'string', maxLength: SEARCH_TEXT_MAX },
    sort: { type: 'string', enum: SEARCH_SORTS },
    cursor: cursorSchema,
  },
  additionalProperties: false,
} as const;

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;

  app.get<{ Querystring: RiderSearchQuery }>(
    '/api/companies/riders',
    {
      config: { access: access('company'), rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['companies'],
        summary: 'Search riders who finished sign-up and are not suspended (20 a page, keyset)',
        description:
          'Every filter given must match: state (and area), experience band, languages (all of them, comma-separated), education, verified ID only, minimum average rating (1-5), free text over introduction, bio and work history. Sorted by Job Success (default), rating or newest. Never a phone or an e-mail.',
        querystring: searchQuerystring,
        response: { 200: pageSchema, ...errors },
      },
    },
    async (request, reply): Promise<RiderSearchPage> => {
      reply.header('cache-control', 'no-store');
      return searchRiders(db(), request.auth!.userId, request.query);
    },
  );

  app.get<{ Params: { username: string } }>(
    '/api/companies/riders/:username',
    {
      config: { access: access('company') },
      schema: {
        tags: ['companies'],
        summary: "A rider's profile for companies: the public profile, Job Success, rating and the shortlist flag",
        description: 'No phone or e-mail: they are shared once the rider accepts a hire request. A suspended or unfinished rider is 404.',
        params: usernameParams,
        response: { 200: riderSchema, ...errors },
      },
    },
    async (request, reply): Promise<CompanyRiderProfile> => {
      reply.header('cache-control', 'no-store');
      return readRiderForCompany(db(), request.auth!.userId, request.params.username);
    },
  );

  app.get<{ Querystring: { cursor?: string } }>(
    '/api/companies/shortlist',
    {
      config: { access: access('company') },
      schema: {
        tags: ['companies'],
        summary: "The company's own shortlist, the latest added first (20 a page, keyset)",
        querystring: { type: 'object', properties: { cursor: cursorSchema }, additionalProperties: false },
        response: { 200: pageSchema, ...errors },
      },
    },
    async (request, reply): Promise<RiderSearchPage> => {
      reply.header('cache-control', 'no-store');
      return listShortlist(db(), request.auth!.userId, request.query);
    },
  );

  app.put<{ Params: { username: string } }>(
    '/api/companies/shortlist/:username',
    {
      config: { access: access('company'), rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['companies'],
        summary: "Add a rider to the company's shortlist (again is no change)",
        params: usernameParams,
        response: { 200: shortlistResponse, ...errors },
      },
    },
    async (request): Promise<ShortlistResponse> => shortlistRider(db(), request.auth!.userId, request.params.username),
  );

  app.delete<{ Params: { username: string } }>(
    '/api/companies/shortlist/:username',
    {
      config: { access: access('company'), rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['companies'],
        summary: "Remove a rider from the company's shortlist (not there is no change)",
        params: usernameParams,
        response: { 200: shortlistResponse, ...errors },
      },
    },
    async (request): Promise<ShortlistResponse> => unshortlistRider(db(), request.auth!.userId, request.params.username),
  );
}
