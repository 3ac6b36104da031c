/**
 * The dashboard's modals (spec §2 'Modal forms', §8) as data for the profile edit
 * machine: each kind's form (the rules of src/shared/profile.ts), its file inputs and their
 * checks, the fields it sends but does not show, and its texts of success and failure.
 */
import { messages } from '../../src/shared/messages';
import {
  bioForm,
  checkDocumentFile,
  deleteAccountForm,
  displayPhone,
  idKindMissing,
  pastEmployeeForm,
  pastEmployeeUpdateForm,
  personalInfoForm,
  profileContentForm,
  workHistoryForm,
  workHistoryUpdateForm,
  type Profile,
} from '../../src/shared/profile';
import type { ChecklistItemKey } from '../../src/shared/profileChecklist';
import { checkImageFile } from '../../src/shared/signup';
import { defineForm, field, required, type FormDefinition } from '../../src/shared/validation';

export const modalKinds = [
  'profile',
  'bio',
  'personalInfo',
  'picture',
  'addWorkHistory',
  'editWorkHistory',
  'deleteWorkHistory',
  'addPastEmployee',
  'editPastEmployee',
  'deletePastEmployee',
  'exportData',
  'deleteAccount',
  'deleteGoogleAccount',
] as const;
export type ModalKind = (typeof modalKinds)[number];

/** What a file input holds: a File in the browser, anything with these in tests and stories. */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export interface ModalSpec {
  title: string;
  /** The fields it sends (rules included); null for a confirmation. */
  form: FormDefinition | null;
  /** Fields sent but not shown (the username of the bio form, an entry's id). */
  hidden: readonly string[];
  /** File inputs, checked by `checkFile` in this order. */
  fileFields: readonly string[];
  /** The message for a file field (null when it may be sent), given every chosen file. */
  checkFile?: (field: string, file: FileLike | null) => string | null;
  /** A rule over fields and files together (a new valid ID needs its kind), or null when it holds. */
  checkTogether?: (values: Readonly<Record<string, string>>, files: Readonly<Record<string, FileLike | null>>) => { field: string; message: string } | null;
  /**
   * The file field shown in a square preview the rider recentres (RECENTRE), its focal
   * point sent with it; the modal then has a 'previewing' state (a photo chosen, nothing wrong).
   */
  recentre?: string;
  submitLabel: string;
  /** The toast after a success (spec §8's texts where it has them). */
  success: string;
  /** The toast when the server did not explain a failure. */
  failure: string;
  /** The toast when the request never reached the server (no answer at all). */
  networkFailure?: string;
}

/** Delete account with a password (the account has one). */
const deleteAccountWithPasswordForm = defineForm('deleteAccountWithPassword', {
  password: field({ rules: [required(messages.passwordToConfirm)], maxLength: deleteAccountForm.fields.password.maxLength, required: true }),
});

export const modalSpecs: Readonly<Record<ModalKind, ModalSpec>> = {
  profile: {
    title: 'Edit Profile Content',
    form: profileContentForm,
    hidden: [],
    fileFields: [],
    submitLabel: 'Save',
    success: messages.profileUpdated,
    failure: messages.errorUpdatingProfile,
  },
  bio: {
    title: 'Edit Bio',
    form: bioForm,
    hidden: ['username'],
    fileFields: [],
    submitLabel: 'Save',
    success: messages.bioUpdated,
    failure: messages.errorUpdatingBio,
  },
  personalInfo: {
    title: 'Edit Personal Information',
    form: personalInfoForm,
    hidden: [],
    fileFields: ['valid_id', 'rider_id_card'],
    checkFile: (_field, file) => checkDocumentFile(file),
    checkTogether: (values, files) => {
      const message = idKindMissing(values.id_kind ?? '', !!files.valid_id, null);
      return message ? { field: 'id_kind', message } : null;
    },
    submitLabel: 'Save',
    success: messages.personalInfoUpdated,
    failure: messages.errorUpdatingProfile,
  },
  picture: {
    title: 'Upload Profile Image',
    form: null,
    hidden: [],
    fileFields: ['profile_image'],
    checkFile: (_field, file) => (file ? checkImageFile(file) : messages.selectProfileImage),
    recentre: 'profile_image',
    submitLabel: 'Upload',
    success: messages.profileImageUploaded,
    failure: messages.failedToUploadProfileImage,
    networkFailure: messages.errorUploadingProfileImage,
  },
  addWorkHistory: {
    title: 'Add Work History',
    form: workHistoryForm,
    hidden: [],
    fileFields: [],
    submitLabel: 'Save',
    success: messages.workHistorySaved,
    failure: messages.errorSavingWorkHistory,
  },
  editWorkHistory: {
    title: 'Edit Work History',
    form: workHistoryUpdateForm,
    hidden: ['work_history_id'],
    fileFields: [],
    submitLabel: 'Save',
    success: messages.workHistorySaved,
    failure: messages.errorSavingWorkHistory,
  },
  deleteWorkHistory: {
    title: 'Delete Work History',
    form: null,
    hidden: [],
    fileFields: [],
    submitLabel: 'Delete',
    success: messages.workHistoryDeleted,
    failure: messages.errorDeleting,
  },
  addPastEmployee: {
    title: 'Add Past Employee',
    form: pastEmployeeForm,
    hidden: [],
    fileFields: [],
    submitLabel: 'Save',
    success: messages.pastEmployeeSaved,
    failure: messages.errorSavingPastEmployee,
  },
  editPastEmployee: {
    title: 'Edit Past Employee',
    form: pastEmployeeUpdateForm,
    hidden: ['past_employee_id'],
    fileFields: [],
    submitLabel: 'Save',
    success: messages.pastEmployeeSaved,
    failure: messages.errorSavingPastEmployee,
  },
  deletePastEmployee: {
    title: 'Delete Past Employee',
    form: null,
    hidden: [],
    fileFields: [],
    submitLabel: 'Delete',
    success: messages.pastEmployeeDeleted,
    failure: messages.errorDeleting,
  },
  exportData: {
    title: 'Download your data',
    form: null,
    hidden: [],
    fileFields: [],
    submitLabel: 'Download',
    success: messages.dataDownloaded,
    failure: messages.dataDownloadFailed,
  },
  deleteAccount: {
    title: 'Delete your account',
    form: deleteAccountWithPasswordForm,
    hidden: [],
    fileFields: [],
    submitLabel: 'Delete my account',
    success: messages.accountDeleted,
    failure: messages.accountDeleteFailed,
  },
  deleteGoogleAccount: {
    title: 'Delete your account',
    form: null,
    hidden: [],
    fileFields: [],
    submitLabel: 'Delete my account',
    success: messages.accountDeleted,
    failure: messages.accountDeleteFailed,
  },
};

/**
 * The states a modal of each kind can show (a confirmation has no field to be invalid; a picture
 * shown in its square preview is 'previewing').
 */
export function modalViewStatesOf(kind: ModalKind): readonly ('editing' | 'previewing' | 'invalid' | 'saving')[] {
  const spec = modalSpecs[kind];
  if (spec.recentre) return ['editing', 'previewing', 'invalid', 'saving'];
  return spec.form || spec.fileFields.length ? ['editing', 'invalid', 'saving'] : ['editing', 'saving'];
}

/**
 * What a modal opens with, from the profile on screen: the current values of what it edits
 * (the phone as riders write it), or an entry's own for an edit or a delete.
 */
export function openEventFor(
  modal: ModalKind,
  profile: Profile,
  entryId: string | null = null,
): { type: 'OPEN'; modal: ModalKind; values: Record<string, string>; entryId: string | null } {
  const u = profile.user;
  const info = profile.personalInfo;
  const work = entryId ? profile.workHistories.find((w) => w._id === entryId) : undefined;
  const past = entryId ? profile.pastEmployees.find((e) => e._id === entryId) : undefined;
  let values: Record<string, string> = {};
  switch (modal) {
    case 'profile':
      values = {
        username: u.username,
        first_name: u.first_name ?? '',
        last_name: u.last_name ?? '',
        phone: displayPhone(u.phone),
        state: u.state ?? '',
        town: u.town ?? '',
        introduction: u.introduction ?? '',
      };
      break;
    case 'bio':
      values = { username: u.username, bio: u.bio ?? '' };
      break;
    case 'personalInfo':
      values = {
        total_years_of_experience: info?.total_years_of_experience ?? '',
        languages_spoken: info?.languages_spoken ?? '',
        education: info?.education ?? '',
        id_kind: info?.id_kind ?? '',
      };
      break;
    case 'editWorkHistory':
      if (work) {
        values = {
          work_history_id: work._id,
          position: work.position,
          company_name: work.company_name,
          number_of_years: work.number_of_years,
          start_date: work.start_date,
          end_date: work.end_date ?? '',
        };
      }
      break;
    case 'editPastEmployee':
      if (past) {
        values = {
          past_employee_id: past._id,
          company_name: past.company_name,
          company_contact: past.company_contact ?? '',
          start_date: past.start_date,
          end_date: past.end_date,
        };
      }
      break;
    default:
      values = {};
  }
  return { type: 'OPEN', modal, values, entryId };
}

/**
 * The profile checklist (src/shared/profileChecklist.ts): the modal each item opens.
 * "Go to item" is the edit machine's own OPEN, with the values openEventFor gives that modal.
 */
export const checklistModals: Readonly<Record<ChecklistItemKey, ModalKind>> = {
  picture: 'picture',
  introduction: 'profile',
  bio: 'bio',
  workHistory: 'addWorkHistory',
  id: 'personalInfo',
  languages: 'personalInfo',
};

export function openEventForChecklistItem(key: ChecklistItemKey, profile: Profile): ReturnType<typeof openEventFor> {
  return openEventFor(checklistModals[key], profile);
}
