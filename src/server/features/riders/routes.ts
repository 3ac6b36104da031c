/**
 * A rider's records on the dashboard (spec §7), behind sign-in, each scoped to the
 * signed-in rider (another rider's id → 404, nothing changes):
 *   POST   /api/riders/work-history/create     {position, company_name, number_of_years, start_date, end_date}
 *   PUT    /api/riders/work-history/update     the same plus work_history_id
 *   DELETE /api/riders/work-history/:id
 *   POST   /api/riders/past-employees/create   {company_name, company_contact, start_date, end_date}
 *   PUT    /api/riders/past-employees/update   the same plus past_employee_id
 *   DELETE /api/riders/past-employees/:id
 *   POST   /api/riders/personal-info/save     multipart {total_years_of_experience, languages_spoken,
 *                                              education, id_kind?, valid_id?, rider_id_card?}
 * Each answers {message, profile}: the profile as it now is. ID documents are private: the
 * profile names them at /files/<id>, which answers their owner's x-auth-token only.
 * And the public page every rider shares: GET /riders/:username (publicPage.ts).
 * Its reviews, public too: GET /api/riders/:username/reviews?cursor=.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/messages';
import {
  DOCUMENT_FIELDS,
  DOCUMENT_MAX_BYTES,
  personalInfoForm,
  pastEmployeeForm,
  pastEmployeeUpdateForm,
  workHistoryForm,
  workHistoryUpdateForm,
  type ProfileWriteResponse,
} from '../../../shared/profile';
import { pickValues, validateForm, type FormValues } from '../../../shared/validation';
import { AppError, errorResponses } from '../../errors';
import { unauthorizedResponse } from '../../plugins/auth';
import { readMultipartForm } from '../../plugins/files';
import { checkForm, formBodySchema } from '../../lib/forms';
import { profileWriteSchema } from '../../domain/riderProfile';
import { publicReviewsPageSchema } from '../../domain/publishedReviews';
import type { PublicReviewsPage } from '../../../shared/publicReviews';
import {
  createPastEmployee,
  createWorkHistory,
  deletePastEmployee,
  deleteWorkHistory,
  listRiderReviews,
  profileAfterWrite,
  savePersonalInfo,
  updatePastEmployee,
  updateWorkHistory,
} from './service';
import { cleanDocument, type CleanDocument } from './documents';
import { publicPageRoutes } from './publicPage';
import { access } from '../../plugins/access';

const responses = {
  200: profileWriteSchema,
  ...unauthorizedResponse,
  ...errorResponses,
  404: { $ref: 'ErrorBody#' },
} as const;
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;

export async function ridersRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;

  await publicPageRoutes(app);

  app.get<{ Params: { username: string }; Querystring: { cursor?: string } }>(
    '/api/riders/:username/reviews',
    {
      // Public like the page itself, and limited like it.
      config: { access: access('public'), rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['riders'],
        summary: "A rider's published reviews by companies, newest first, with the rider's replies (no sign-in)",
        description:
          'Reviews both sides wrote or whose 14-day window closed, not hidden by staff; 10 a page, `next` is the cursor of the following page. 404 for no such rider, one who has not finished sign-up, or a suspended one.',
        params: { type: 'object', required: ['username'], properties: { username: { type: 'string', maxLength: 64 } } },
        querystring: { type: 'object', additionalProperties: false, properties: { cursor: { type: 'string', maxLength: 200 } } },
        response: { 200: publicReviewsPageSchema, 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' }, 429: { $ref: 'ErrorBody#' }, 500: { $ref: 'ErrorBody#' } },
      },
    },
    async (request): Promise<PublicReviewsPage> => listRiderReviews(db(), request.params.username, request.query.cursor),
  );

  app.post(
    '/api/riders/personal-info/save',
    {
      // Signed in before a byte of the upload is read.
      config: { access: access('rider'), rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['riders'],
        summary: 'Save the Edit Personal Information form, with new ID documents if any',
        description:
          'multipart/form-data: total_years_of_experience (0-2, 3-5, 6-10, 10+), languages_spoken (comma-separated), education (High School, Diploma, Graduate, Post Graduate, Others), id_kind (nin_slip, drivers_licence, voters_card, international_passport: optional: which ID valid_id is; an unknown kind is a 400 under id_kind; a new valid_id without it leaves the kind unknown), and optionally valid_id and rider_id_card: a PDF or a JPEG, PNG or WebP image (judged by its bytes) of at most 5 MB. Images are re-encoded without metadata. Documents are private to their owner.',
        consumes: ['multipart/form-data'],
        response: { ...responses, 413: { $ref: 'ErrorBody#' } },
      },
    },
    async (request): Promise<ProfileWriteResponse> => {
      const form = await readMultipartForm(request, {
        fileFields: DOCUMENT_FIELDS,
        maxFileBytes: DOCUMENT_MAX_BYTES,
        tooLargeMessage: messages.fileTooLarge(DOCUMENT_MAX_BYTES / (1024 * 1024)),
        invalidMessage: messages.invalidRequest,
      });
      const values = pickValues(personalInfoForm, form.fields);
      const error = validateForm(personalInfoForm, values);
      if (error) throw AppError.invalid(error.field, error.message);
      const documents: CleanDocument[] = [];
      for (const kind of DOCUMENT_FIELDS) {
        const upload = form.files[kind];
        // An empty file input sends a part with no name and no bytes: nothing chosen.
        if (!upload || (upload.data.length === 0 && upload.filename === 'upload')) continue;
        documents.push(await cleanDocument(kind, upload));
      }
      await savePersonalInfo(db(), request.auth!.userId, values, documents);
      return profileAfterWrite(db(), request.auth!.userId, messages.personalInfoUpdated);
    },
  );

  app.post<{ Body: FormValues<typeof workHistoryForm> }>(
    '/api/riders/work-history/create',
    {
      config: { access: access('rider'), ...writeLimit },
      preValidation: checkForm(workHistoryForm),
      schema: {
        tags: ['riders'],
        summary: 'Add a work history entry',
        description: 'number_of_years is 1-2, 3-5, 6-10 or 10+; dates are YYYY-MM-DD, not in the future; end_date (empty: Present) not before start_date.',
        body: formBodySchema(workHistoryForm),
        response: responses,
      },
    },
    async (request): Promise<ProfileWriteResponse> => {
      await createWorkHistory(db(), request.auth!.userId, request.body);
      return profileAfterWrite(db(), request.auth!.userId, messages.workHistorySaved);
    },
  );

  app.put<{ Body: FormValues<typeof workHistoryUpdateForm> }>(
    '/api/riders/work-history/update',
    {
      config: { access: access('rider', { owner: 'the work history entry: its rider' }), ...writeLimit },
      preValidation: checkForm(workHistoryUpdateForm),
      schema: {
        tags: ['riders'],
        summary: 'Change one of your work history entries',
        body: formBodySchema(workHistoryUpdateForm),
        response: responses,
      },
    },
    async (request): Promise<ProfileWriteResponse> => {
      const { work_history_id: id, ...values } = request.body;
      await updateWorkHistory(db(), request.auth!.userId, id, values);
      return profileAfterWrite(db(), request.auth!.userId, messages.workHistorySaved);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/riders/work-history/:id',
    {
      config: { access: access('rider', { owner: 'the work history entry: its rider' }), ...writeLimit },
      schema: { tags: ['riders'], summary: 'Delete one of your work history entries', params: idParams, response: responses },
    },
    async (request): Promise<ProfileWriteResponse> => {
      await deleteWorkHistory(db(), request.auth!.userId, request.params.id);
      return profileAfterWrite(db(), request.auth!.userId, messages.workHistoryDeleted);
    },
  );

  app.post<{ Body: FormValues<typeof pastEmployeeForm> }>(
    '/api/riders/past-employees/create',
    {
      config: { access: access('rider'), ...writeLimit },
      preValidation: checkForm(pastEmployeeForm),
      schema: {
        tags: ['riders'],
        summary: 'Add a past employer',
        description: 'Dates are YYYY-MM-DD, not in the future, the end not before the start; company_contact is optional.',
        body: formBodySchema(pastEmployeeForm),
        response: responses,
      },
    },
    async (request): Promise<ProfileWriteResponse> => {
      await createPastEmployee(db(), request.auth!.userId, request.body);
      return profileAfterWrite(db(), request.auth!.userId, messages.pastEmployeeSaved);
    },
  );

  app.put<{ Body: FormValues<typeof pastEmployeeUpdateForm> }>(
    '/api/riders/past-employees/update',
    {
      config: { access: access('rider', { owner: 'the past employer entry: its rider' }), ...writeLimit },
      preValidation: checkForm(pastEmployeeUpdateForm),
      schema: {
        tags: ['riders'],
        summary: 'Change one of your past employers',
        body: formBodySchema(pastEmployeeUpdateForm),
        response: responses,
      },
    },
    async (request): Promise<ProfileWriteResponse> => {
      const { past_employee_id: id, ...values } = request.body;
      await updatePastEmployee(db(), request.auth!.userId, id, values);
      return profileAfterWrite(db(), request.auth!.userId, messages.pastEmployeeSaved);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/riders/past-employees/:id',
    {
      config: { access: access('rider', { owner: 'the past employer entry: its rider' }), ...writeLimit },
      schema: { tags: ['riders'], summary: 'Delete one of your past employers', params: idParams, response: responses },
    },
    async (request): Promise<ProfileWriteResponse> => {
      await deletePastEmployee(db(), request.auth!.userId, request.params.id);
      return profileAfterWrite(db(), request.auth!.userId, messages.pastEmployeeDeleted);
    },
  );
}
