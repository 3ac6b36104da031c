/**
 * The hiring API for the browser (src/server/features/hiring/routes.ts), through the app's one
 * client: failures come back as SubmitError with the server's {field, message}.
 */
import type { EndOutcome, EngagementAction, HireActionResponse, HireItem, HirePage } from '../../../shared/hiring';
import { api } from '../../kit/http/client';

const BASE = '/hiring/requests';
const itemPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const hiringApi = {
  list: (query: { status?: string; rider?: string; cursor?: string | null }) => {
    const params = Object.fromEntries(Object.entries(query).filter(([, v]) => typeof v === 'string' && v !== '')) as Record<string, string>;
    return api<HirePage>(BASE, { query: params });
  },
  read: (id: string) => api<HireItem>(itemPath(id)),
  send: (values: Record<string, string>) => api<HireActionResponse>(BASE, { method: 'POST', body: values }),
  move: (id: string, action: EngagementAction, outcome: EndOutcome | null) =>
    api<HireActionResponse>(`${itemPath(id)}/${action}`, { method: 'POST', ...(action === 'end' ? { body: { outcome } } : {}) }),
};
