/**
 * A rider's records on the dashboard (spec §7, issue 6), behind sign-in, each scoped to the
 * signed-in rider (another rider's id → 404, nothing changes):
 *   POST   /api/riders/work-history/create     {position, company_name, number_of_years, start_date, end_date}
 *   PUT    /api/riders/work-history/update     the same plus work_history_id
 *   DELETE /api/riders/work-history/:id
 *   POST   /api/riders/past-employees/create   {company_name, company_contact, start_date, end_date}
 *   PUT    /api/riders/past-employees/update   the same plus past_employee_id
 *   DELETE /api/riders/past-employees/:id
 * Each answers {message, profile}: the profile as it now is.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/messages';
import {
  pastEmployeeForm,
  pastEmployeeUpdateForm,
  workHistoryForm,
  workHistoryUpdateForm,
  type ProfileWriteResponse,
} from '../../../shared/profile';
import type { FormValues } from '../../../shared/validation';
import { errorResponses } from '../../errors';
import { requireAuth, unauthorizedResponse } from '../../plugins/auth';
import { checkForm, formBodySchema } from '../../plugins/forms';
import { profileWriteSchema } from '../../plugins/riderProfile';
import {
  createPastEmployee,
  createWorkHistory,
  deletePastEmployee,
  deleteWorkHistory,
  profileAfterWrite,
  updatePastEmployee,
  updateWorkHistory,
} from './service';

const security = [{ authToken: [] }];
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

  app.post<{ Body: FormValues<typeof workHistoryForm> }>(
    '/api/riders/work-history/create',
    {
      config: writeLimit,
      preValidation: [requireAuth, checkForm(workHistoryForm)],
      schema: {
        tags: ['riders'],
        summary: 'Add a work history entry',
        description: 'number_of_years is 1-2, 3-5, 6-10 or 10+; dates are YYYY-MM-DD, not in the future; end_date (empty: Present) not before start_date.',
        security,
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
      config: writeLimit,
      preValidation: [requireAuth, checkForm(workHistoryUpdateForm)],
      schema: {
        tags: ['riders'],
        summary: 'Change one of your work history entries',
        security,
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
      config: writeLimit,
      preHandler: requireAuth,
      schema: { tags: ['riders'], summary: 'Delete one of your work history entries', security, params: idParams, response: responses },
    },
    async (request): Promise<ProfileWriteResponse> => {
      await deleteWorkHistory(db(), request.auth!.userId, request.params.id);
      return profileAfterWrite(db(), request.auth!.userId, messages.workHistoryDeleted);
    },
  );

  app.post<{ Body: FormValues<typeof pastEmployeeForm> }>(
    '/api/riders/past-employees/create',
    {
      config: writeLimit,
      preValidation: [requireAuth, checkForm(pastEmployeeForm)],
      schema: {
        tags: ['riders'],
        summary: 'Add a past employer',
        description: 'Dates are YYYY-MM-DD, not in the future, the end not before the start; company_contact is optional.',
        security,
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
      config: writeLimit,
      preValidation: [requireAuth, checkForm(pastEmployeeUpdateForm)],
      schema: {
        tags: ['riders'],
        summary: 'Change one of your past employers',
        security,
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
      config: writeLimit,
      preHandler: requireAuth,
      schema: { tags: ['riders'], summary: 'Delete one of your past employers', security, params: idParams, response: responses },
    },
    async (request): Promise<ProfileWriteResponse> => {
      await deletePastEmployee(db(), request.auth!.userId, request.params.id);
      return profileAfterWrite(db(), request.auth!.userId, messages.pastEmployeeDeleted);
    },
  );
}
