/**
 * Reading hire requests and engagements as one of their two parties, shared by the
 * hiring feature and the features built on engagements (reviews): who the reader is to the
 * engagement, and the engagement as that side may see it. The other side's phone and e-mail are
 * selected only when the engagement is active or ended: before a rider accepts, no query made
 * here can hand a company the rider's contact details or full name.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  effectiveStatus,
  whatsAppLink,
  type EndOutcome,
  type EngagementSide,
  type EngagementStatus,
  type HireItem,
} from '../../shared/hiring';
import { USER_TYPE_RIDER } from '../../shared/constants';
import { fileUrl } from '../plugins/files';
import { fullNameOf } from './riderNames';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** The side a signed-in user is on: riders are riders, every other user_type is a company (spec §1). */
export const sideOfUserType = (userType: number): EngagementSide => (userType === USER_TYPE_RIDER ? 'rider' : 'company');

export interface EngagementRow {
  id: string;
  company_id: string;
  rider_id: string;
  status: EngagementStatus;
  role: string;
  state: string;
  town: string;
  start_date: string;
  pay_note: string;
  message: string;
  created_at: Date | string;
  cursor_at: string;
  expires_at: Date | string;
  responded_at: Date | string | null;
  ended_at: Date | string | null;
  ended_by: EngagementSide | null;
  end_outcome: EndOutcome | null;
  review_deadline: Date | string | null;
  company_name: string;
  company_logo: string | null;
  company_contact_person: string | null;
  company_phone: string | null;
  company_email: string | null;
  rider_username: string;
  rider_display_name: string;
  rider_full_name: string | null;
  rider_picture: string | null;
  rider_phone: string | null;
  rider_email: string | null;
}

/**
 * Engagements with both parties' public facts, and their contact details only where the
 * stored status is active or ended (effectiveStatus only ever turns 'requested' into 'expired',
 * so the stored status decides this exactly).
 */
export function engagementRows(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select e.id, e.company_id, e.rider_id, e.status, e.role, e.state, e.town, e.start_date::text as start_date,
      e.pay_note, e.message, e.created_at, e.created_at::text as cursor_at, e.expires_at, e.responded_at,
      e.ended_at, e.ended_by, e.end_outcome, e.review_deadline,
      coalesce(c.company_name, cu.username) as company_name, c.logo_file_id as company_logo,
      case when e.status in ('active', 'ended') then c.contact_person end as company_contact_person,
      case when e.status in ('active', 'ended') then cu.phone end as company_phone,
      case when e.status in ('active', 'ended') then cu.email end as company_email,
      ru.username as rider_username, coalesce(rc.display_name, ru.username) as rider_display_name,
      case when e.status in ('active', 'ended') then ${fullNameOf('ru')} end as rider_full_name,
      ru.picture_file_id as rider_picture,
      case when e.status in ('active', 'ended') then ru.phone end as rider_phone,
      case when e.status in ('active', 'ended') then ru.email end as rider_email
    from engagements e
    join users cu on cu.id = e.company_id
    left join companies c on c.user_id = e.company_id
    join users ru on ru.id = e.rider_id
    left join rider_cards rc on rc.user_id = e.rider_id
    where ${where}
    ${tail}`;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A row as `side` reads it: the effective status, and the other side's contact once accepted. */
export function toHireItem(row: EngagementRow, side: EngagementSide, now: Date = new Date()): HireItem {
  const status = effectiveStatus(row.status, row.expires_at, now);
  const open = status === 'active' || status === 'ended';
  const phone = side === 'company' ? row.rider_phone : row.company_phone;
  const email = side === 'company' ? row.rider_email : row.company_email;
  return {
    id: row.id,
    status,
    side,
    role: row.role,
    state: row.state,
    town: row.town,
    start_date: row.start_date,
    pay_note: row.pay_note,
    message: row.message,
    created_at: iso(row.created_at)!,
    expires_at: iso(row.expires_at)!,
    responded_at: iso(row.responded_at),
    ended_at: iso(row.ended_at),
    ended_by: row.ended_by,
    end_outcome: row.end_outcome,
    review_deadline: iso(row.review_deadline),
    company: { name: row.company_name, logo: row.company_logo ? { url: fileUrl(row.company_logo) } : null },
    rider: {
      username: row.rider_username,
      display_name: row.rider_display_name,
      full_name: row.rider_full_name,
      picture: row.rider_picture ? { url: fileUrl(row.rider_picture) } : null,
    },
    contact:
      open && email
        ? {
            name: side === 'company' ? (row.rider_full_name ?? row.rider_display_name) : row.company_contact_person,
            phone,
            email,
            whatsapp: phone ? whatsAppLink(phone) : null,
          }
        : null,
  };
}

/** The condition "the user is a party to e": the company that sent it or the rider it was sent to. */
export const partyCondition = (userId: string, side: EngagementSide): SQL =>
  side === 'company' ? sql`e.company_id = ${userId}` : sql`e.rider_id = ${userId}`;
