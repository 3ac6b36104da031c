/**
 * The rider dashboard (spec §2 'Rider dashboard', §3, §5): the profile's shapes and
 * every edit form's fields and rules, defined once and used by the dashboard's machines and by
 * the API's first check. Where the specification is silent the rules are a real product's:
 * dates are real calendar days, never in the future, an end never before its start; Nigerian
 * phone numbers are accepted as 080… or +234… and kept in one form (+234…); lengths are capped.
 */
import { messages } from './messages';
import { defineForm, field, maxLength, required, type Rule } from './validation';
import { NO_DELIVERY_RECORD, type DeliveryRecordFigures } from './deliveries/record';
import { nigerianPhone, normalisePhone, PHONE_INPUT_MAX } from './phone';

export { nigerianPhone, normalisePhone, PHONE_INPUT_MAX };

// ---------------------------------------------------------------------------------------------
// Enumerations (spec §3)

export const EXPERIENCE_OPTIONS = ['0-2', '3-5', '6-10', '10+'] as const;
export const NUMBER_OF_YEARS_OPTIONS = ['1-2', '3-5', '6-10', '10+'] as const;
export const EDUCATION_OPTIONS = ['High School', 'Diploma', 'Graduate', 'Post Graduate', 'Others'] as const;

export type Experience = (typeof EXPERIENCE_OPTIONS)[number];
export type NumberOfYears = (typeof NUMBER_OF_YEARS_OPTIONS)[number];
export type Education = (typeof EDUCATION_OPTIONS)[number];

/**
 * The kinds of valid ID a rider can upload (what Lagos riders carry), stored as these codes in
 * personal_info.id_kind; their names are messages.idKindLabels.
 */
export const ID_KINDS = ['nin_slip', 'drivers_licence', 'voters_card', 'international_passport'] as const;
export type IdKind = (typeof ID_KINDS)[number];
export const isIdKind = (value: unknown): value is IdKind => typeof value === 'string' && (ID_KINDS as readonly string[]).includes(value);

// ---------------------------------------------------------------------------------------------
// Shapes of GET /api/users/profile (spec §3 'Profile response')

/** A stored file as the API shows it: its url is relative to the API base (spec §7). */
export interface FileRef {
  url: string;
  extension: string;
  original_name: string;
}

export interface ProfileUser {
  username: string;
  email: string;
  /**
   * Optional: companies see "Ada O." when both are given, else the username. Absent
   * from the answer when not given.
   */
  first_name?: string;
  last_name?: string;
  /** Stored as +234XXXXXXXXXX. */
  phone: string | null;
  address: string | null;
  town: string | null;
  state: string | null;
  introduction: string | null;
  bio: string | null;
  picture: { url: string } | null;
  user_type: number;
  profile_completed: number;
  current_tab: number;
  /** False for an account made through Google that never set a password: deletion asks for a fresh Google sign-in. */
  has_password: boolean;
}

/**
 * The staff check of the ID documents (DESIGN.md §10): none → pending on upload →
 * approved | rejected; a new upload makes it pending again. Only 'approved' reads as verified.
 */
export const ID_REVIEW_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type IdReviewStatus = (typeof ID_REVIEW_STATUSES)[number];

export interface PersonalInfo {
  total_years_of_experience: Experience | null;
  languages_spoken: string | null;
  education: Education | null;
  /** ID documents: private, readable at their url by their owner only (with x-auth-token). */
  valid_id: FileRef | null;
  rider_id_card: FileRef | null;
  /** Added to the spec's shape: which kind of ID the valid ID is (null: not said, or none on file). */
  id_kind: IdKind | null;
  /** Added to the spec's shape: where the staff check of the documents stands. */
  id_review_status: IdReviewStatus;
  /** Why staff rejected the documents (shown to the rider); null otherwise. */
  id_review_reason: string | null;
}

export interface WorkHistory {
  _id: string;
  position: string;
  company_name: string;
  number_of_years: NumberOfYears;
  /** YYYY-MM-DD */
  start_date: string;
  end_date: string | null;
}

export interface PastEmployee {
  _id: string;
  company_name: string;
  company_contact: string | null;
  start_date: string;
  end_date: string;
}

/**
 * Added to the spec's shape: what the rider's card says of their reputation (Job
 * Success, docs/companies.md), the same figures search results and the public page show.
 */
export interface ProfileReputation extends DeliveryRecordFigures {
  /** 0-100, or null for "New rider" (fewer than 3 reviewed jobs in the last 24 months). */
  job_success: number | null;
  /** The jobs the score is based on (last 24 months). */
  jobs_counted: number;
  /** Published, visible company reviews, and their average × 100 (null with none). */
  review_count: number;
  rating_average_x100: number | null;
  /** Jobs of the last 24 months with a published, visible company review ("2 so far" while a New rider). */
  reviewed: number;
  // And the delivery record (DeliveryRecordFigures): deliveries, on time, senders' ratings.
}

export interface Profile {
  user: ProfileUser;
  workHistories: WorkHistory[];
  pastEmployees: PastEmployee[];
  personalInfo: PersonalInfo | null;
  reputation: ProfileReputation;
}

/** What every dashboard write answers: its message and the profile as it now is. */
export interface ProfileWriteResponse {
  message: string;
  profile: Profile;
}

/** The rider's public page (/riders/{username}): public fields only, no e-mail, phone or documents. */
export interface PublicProfile {
  username: string;
  /** What a stranger calls the rider: "Ada O." when both names were given, else the username. */
  display_name: string;
  introduction: string | null;
  bio: string | null;
  state: string | null;
  town: string | null;
  picture: { url: string } | null;
  total_years_of_experience: string | null;
  languages_spoken: string | null;
  education: string | null;
  /** True only when staff approved the rider's ID documents (never on upload alone). */
  id_verified: boolean;
  workHistories: Array<Omit<WorkHistory, '_id'>>;
  pastEmployees: Array<Omit<PastEmployee, '_id' | 'company_contact'>>;
  member_since: string;
  /**
   * Job Success and the rating as the rider's card keeps them. readPublicProfile always
   * answers it; optional so types built on this one that carry the figures their own way
   * (CompanyRiderProfile) need not repeat it. Missing reads as a New rider with no reviews.
   */
  reputation?: ProfileReputation;
}

/** A rider with no reviewed job and no review. */
export const NEW_RIDER_REPUTATION: ProfileReputation = {
  job_success: null,
  jobs_counted: 0,
  review_count: 0,
  rating_average_x100: null,
  reviewed: 0,
  ...NO_DELIVERY_RECORD,
};

/** Where a rider's public page lives (the share link). */
export function publicProfilePath(username: string): string {
  return `/riders/${encodeURIComponent(username)}`;
}

// ---------------------------------------------------------------------------------------------
// Rules

const oneOf =
  (options: readonly string[], message: string): Rule =>
  (value) =>
    value === '' || options.includes(value) ? null : message;

/** Letters, digits, '.', '_' and '-': a username is part of the share link. */
const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
const USERNAME_SHAPE = /^[A-Za-z0-9._-]+$/;
export const usernameShape =
  (message: string): Rule =>
  (value) =>
    value === '' || (value.length >= USERNAME_MIN && value.length <= USERNAME_MAX && USERNAME_SHAPE.test(value))
      ? null
      : message;

/** +2348031234567 → 0803 123 4567, how riders read their own number. */
export function displayPhone(stored: string | null): string {
  if (!stored) return '';
  const match = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(stored);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : stored;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The earliest date a record may carry: nobody's riding career started before this. */
const EARLIEST_DATE = '1950-01-01';

/** True for a real calendar day written YYYY-MM-DD. */
function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Today's date in Lagos (UTC+1, no daylight saving), YYYY-MM-DD. */
export function todayInLagos(now: number = Date.now()): string {
  return new Date(now + 60 * 60 * 1000).toISOString().slice(0, 10);
}

const isoDate =
  (message: string): Rule =>
  (value) =>
    value === '' || (isIsoDate(value) && value >= EARLIEST_DATE) ? null : message;

const notInFuture =
  (message: string): Rule =>
  (value) =>
    value === '' || !isIsoDate(value) || value <= todayInLagos() ? null : message;

/** The value (a date) is not before another field's date; either empty or malformed passes here. */
const notBefore =
  (other: string, message: string): Rule =>
  (value, values) => {
    const start = values[other] ?? '';
    if (value === '' || start === '' || !isIsoDate(value) || !isIsoDate(start)) return null;
    return value < start ? message : null;
  };

const dateRules = (isRequired: boolean, startField?: string): Rule[] => [
  ...(isRequired ? [required(messages.fieldRequired)] : []),
  isoDate(messages.invalidDate),
  notInFuture(messages.dateInFuture),
  ...(startField ? [notBefore(startField, messages.endBeforeStart)] : []),
];

// ---------------------------------------------------------------------------------------------
// Forms (spec §2 'Modal forms', §7)

export const INTRODUCTION_MAX = 160;
/** A first or last name: optional, letters of any script, spaces, hyphens, apostrophes. */
const PERSON_NAME_MAX = 50;
const PERSON_NAME_SHAPE = /^[\p{L}\p{M}][\p{L}\p{M} '’-]*$/u;
const personName =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' || PERSON_NAME_SHAPE.test(value.trim()) ? null : message;
export const BIO_MAX = 2000;
const PLACE_MAX = 80;
const LANGUAGES_MAX = 200;
const POSITION_MAX = 100;
export const COMPANY_NAME_MAX = 120;
export const COMPANY_CONTACT_MAX = 120;
/** A uuid. */
const ID_MAX = 36;

const usernameField = field({
  rules: [required(messages.fieldRequired), usernameShape(messages.usernameShape)],
  maxLength: USERNAME_MAX,
  required: true,
});

/** Edit Profile Content → PUT /api/users/profile-update {username, first_name, last_name, phone, state, town, introduction}. */
export const profileContentForm = defineForm('profileContent', {
  username: usernameField,
  first_name: field({ rules: [personName(messages.profileNameShape), maxLength(PERSON_NAME_MAX, messages.tooLong(PERSON_NAME_MAX))], maxLength: PERSON_NAME_MAX }),
  last_name: field({ rules: [personName(messages.profileNameShape), maxLength(PERSON_NAME_MAX, messages.tooLong(PERSON_NAME_MAX))], maxLength: PERSON_NAME_MAX }),
  phone: field({ rules: [nigerianPhone(messages.invalidPhone)], maxLength: PHONE_INPUT_MAX }),
  state: field({ rules: [required(messages.selectState)], maxLength: PLACE_MAX, required: true }),
  town: field({ rules: [required(messages.selectTown)], maxLength: PLACE_MAX, required: true }),
  introduction: field({ rules: [maxLength(INTRODUCTION_MAX, messages.tooLong(INTRODUCTION_MAX))], maxLength: INTRODUCTION_MAX }),
});

/** Edit Bio → PUT /api/users/profile-update {username, bio}; an empty bio clears it ('No bio found'). */
export const bioForm = defineForm('bio', {
  username: usernameField,
  bio: field({ rules: [maxLength(BIO_MAX, messages.tooLong(BIO_MAX))], maxLength: BIO_MAX, required: true }),
});

/** Edit Personal Information → POST /api/riders/personal-info/save (multipart; the files are checked apart). */
export const personalInfoForm = defineForm('personalInfo', {
  total_years_of_experience: field({
    rules: [required(messages.fieldRequired), oneOf(EXPERIENCE_OPTIONS, messages.chooseOption)],
    maxLength: 8,
    required: true,
  }),
  languages_spoken: field({
    rules: [required(messages.fieldRequired), maxLength(LANGUAGES_MAX, messages.tooLong(LANGUAGES_MAX))],
    maxLength: LANGUAGES_MAX,
    required: true,
  }),
  education: field({
    rules: [required(messages.fieldRequired), oneOf(EDUCATION_OPTIONS, messages.chooseOption)],
    maxLength: 20,
    required: true,
  }),
  // Optional for the server (the spec's API has no such field); the dashboard asks for it with a new valid ID (idKindMissing).
  id_kind: field({ rules: [oneOf(ID_KINDS, messages.idKindChoose)], maxLength: 32 }),
});

/**
 * The dashboard sends a new valid ID with its kind, unless the kind on file stays true for it:
 * the message under id_kind, else null. (The server stores a kind when given, and forgets the
 * old one when a new valid ID comes without it: clients of the spec's API never send it.)
 */
export function idKindMissing(idKind: string, newValidId: boolean, kindOnFile: string | null): string | null {
  if (!newValidId || idKind !== '' || kindOnFile) return null;
  return messages.idKindChoose;
}

const workHistoryFields = {
  position: field({ rules: [required(messages.fieldRequired)], maxLength: POSITION_MAX, required: true }),
  company_name: field({ rules: [required(messages.fieldRequired)], maxLength: COMPANY_NAME_MAX, required: true }),
  number_of_years: field({
    rules: [required(messages.fieldRequired), oneOf(NUMBER_OF_YEARS_OPTIONS, messages.chooseOption)],
    maxLength: 8,
    required: true,
  }),
  start_date: field({ rules: dateRules(true), maxLength: 10, required: true }),
  /** Empty: still there ('Present'). */
  end_date: field({ rules: dateRules(false, 'start_date'), maxLength: 10 }),
};

/** Add Work History → POST /api/riders/work-history/create. */
export const workHistoryForm = defineForm('workHistory', workHistoryFields);

/** Edit Work History → PUT /api/riders/work-history/update: the same plus work_history_id. */
export const workHistoryUpdateForm = defineForm('workHistoryUpdate', {
  work_history_id: field({ rules: [required(messages.entryNotFound)], maxLength: ID_MAX, required: true }),
  ...workHistoryFields,
});

const pastEmployeeFields = {
  company_name: field({ rules: [required(messages.fieldRequired)], maxLength: COMPANY_NAME_MAX, required: true }),
  company_contact: field({ maxLength: COMPANY_CONTACT_MAX }),
  start_date: field({ rules: dateRules(true), maxLength: 10, required: true }),
  end_date: field({ rules: dateRules(true, 'start_date'), maxLength: 10, required: true }),
};

/** Add Past Employee → POST /api/riders/past-employees/create. */
export const pastEmployeeForm = defineForm('pastEmployee', pastEmployeeFields);

/** Edit Past Employee → PUT /api/riders/past-employees/update: the same plus past_employee_id. */
export const pastEmployeeUpdateForm = defineForm('pastEmployeeUpdate', {
  past_employee_id: field({ rules: [required(messages.entryNotFound)], maxLength: ID_MAX, required: true }),
  ...pastEmployeeFields,
});

/** Delete account → DELETE /api/users/account {password}; a Google account sends none (a recent sign-in confirms). */
export const deleteAccountForm = defineForm('deleteAccount', {
  password: field({ maxLength: 128 }),
});

// ---------------------------------------------------------------------------------------------
// Files (spec §5 'Valid ID and Rider ID card accept pdf or image files')

export const DOCUMENT_FIELDS = ['valid_id', 'rider_id_card'] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];
/** An ID document: a phone photo or a scanned PDF. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
/** The "Take a photo" input: the phone's camera (its JPEG is checked like any file). */
export const DOCUMENT_CAMERA_ACCEPT = 'image/*,application/pdf';
const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The browser's first look at a chosen document (the server checks the bytes). */
export function checkDocumentFile(file: { type: string; size: number } | null): string | null {
  if (!file) return null;
  if (!(file.type in DOCUMENT_TYPES)) return messages.documentType;
  if (file.size > DOCUMENT_MAX_BYTES) return messages.fileTooLarge(DOCUMENT_MAX_BYTES / (1024 * 1024));
  return null;
}

/** How a date is shown on the dashboard and the public page: 3 Mar 2024. */
export function displayDate(iso: string | null): string {
  if (!iso || !isIsoDate(iso)) return '';
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `${d} ${month} ${y}`;
}
