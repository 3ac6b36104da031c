/**
 * The dashboard's one open modal (spec §2 'Modal forms'), drawn from the profile edit machine's
 * view model: each kind's fields with their messages, the upload's progress, and Cancel plus the
 * submit button with its own 'Submitting...'. It keeps no workflow state of its own.
 */
import { useRef, type FormEvent as ReactFormEvent, type ReactNode } from 'react';
import type { ProfileEditEvent, ProfileEditView } from '../../../../machines/profile/profileEditMachine';
import { modalSpecs, type ModalKind } from '../../../../machines/profile/profileModals';
import { areaNames, findState, stateNames, type LocationState } from '../../../shared/locations';
import { messages } from '../../../shared/messages';
import {
  BIO_MAX,
  DOCUMENT_ACCEPT,
  DOCUMENT_CAMERA_ACCEPT,
  ID_KINDS,
  isIdKind,
  DOCUMENT_MAX_BYTES,
  EDUCATION_OPTIONS,
  EXPERIENCE_OPTIONS,
  INTRODUCTION_MAX,
  NUMBER_OF_YEARS_OPTIONS,
  displayDate,
  todayInLagos,
  type Profile,
} from '../../../shared/profile';
import { PROFILE_IMAGE_ACCEPT, PROFILE_IMAGE_MAX_BYTES } from '../../../shared/signup';
import { Combobox } from '../../kit/components/Combobox';
import { Field } from '../../kit/components/Field';
import { Modal } from '../../kit/components/Modal';
import { PasswordField } from '../../kit/components/PasswordField';
import { useFocusFirstInvalid } from '../../kit/forms/useFocusFirstInvalid';
import { DateField, FileField, SelectField } from './fields';

/** What the modal sends (the upload's progress comes from the save itself). */
type Send = (event: Exclude<ProfileEditEvent, { type: 'SAVE_PROGRESS' }>) => void;

export interface EditModalProps {
  edit: ProfileEditView;
  send: Send;
  profile: Profile;
  /** The state and area lists (GET /api/locations); null while they load or when they failed. */
  locations: LocationState[] | null;
  /** The lists could not be loaded (opening the modal again tries again). */
  locationsFailed?: boolean;
  /** Where a Google account goes to sign in again before deleting itself. */
  googleSignInUrl: string;
  returnFocus?: () => HTMLElement | null;
}

type FieldProps = { view: ProfileEditView; send: Send; modal: ModalKind };

const fieldId = (modal: ModalKind, name: string) => `modal-${modal}-${name}`;

function TextField({
  view,
  send,
  modal,
  name,
  label,
  ...rest
}: FieldProps & { name: string; label: string; multiline?: boolean; type?: 'text' | 'tel'; autoComplete?: string; inputMode?: 'text' | 'tel'; hint?: string }) {
  const spec = modalSpecs[modal].form?.fields[name];
  return (
    <Field
      id={fieldId(modal, name)}
      name={name}
      label={label}
      value={view.values[name] ?? ''}
      error={view.fieldError(name)}
      maxLength={spec?.maxLength}
      required={spec?.required && spec.rules.length > 0}
      hint={rest.hint ?? (spec && !spec.rules.length ? '(optional)' : undefined)}
      multiline={rest.multiline}
      type={rest.type ?? 'text'}
      autoComplete={rest.autoComplete ?? 'off'}
      inputMode={rest.inputMode}
      onValueChange={(value) => send({ type: 'CHANGE', field: name, value })}
    />
  );
}

function Select({ view, send, modal, name, label, options, placeholder }: FieldProps & { name: string; label: string; options: readonly string[]; placeholder: string }) {
  return (
    <SelectField
      id={fieldId(modal, name)}
      name={name}
      label={label}
      value={view.values[name] ?? ''}
      options={options}
      placeholder={placeholder}
      error={view.fieldError(name)}
      onValueChange={(value) => send({ type: 'CHANGE', field: name, value })}
    />
  );
}

function Dates({ view, send, modal, endOptional }: FieldProps & { endOptional: boolean }) {
  const today = todayInLagos();
  return (
    <div className="field-pair">
      <DateField
        id={fieldId(modal, 'start_date')}
        name="start_date"
        label="Start date"
        value={view.values.start_date ?? ''}
        max={today}
        error={view.fieldError('start_date')}
        required
        onValueChange={(value) => send({ type: 'CHANGE', field: 'start_date', value })}
      />
      <DateField
        id={fieldId(modal, 'end_date')}
        name="end_date"
        label="End date"
        labelHint={endOptional ? '(leave empty if you still work there)' : undefined}
        value={view.values.end_date ?? ''}
        min={view.values.start_date || undefined}
        max={today}
        error={view.fieldError('end_date')}
        required={!endOptional}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'end_date', value })}
      />
    </div>
  );
}

function ProfileContentFields(props: FieldProps & { locations: LocationState[] | null; locationsFailed: boolean }) {
  const { view, send, locations } = props;
  const states = locations ? stateNames(locations) : [];
  const areas = locations ? areaNames(findState(locations, view.values.state ?? '')) : [];
  return (
    <>
      <TextField {...props} name="username" label="Username" autoComplete="username" />
      <TextField {...props} name="first_name" label={messages.profileFirstName} autoComplete="given-name" hint={messages.profileNameHint} />
      <TextField {...props} name="last_name" label={messages.profileLastName} autoComplete="family-name" hint="(optional)" />
      <TextField {...props} name="phone" label="Phone" type="tel" inputMode="tel" autoComplete="tel-national" hint="(optional, e.g. 0803 123 4567)" />
      <Combobox
        id={fieldId(props.modal, 'state')}
        name="state"
        label="State"
        value={view.values.state ?? ''}
        options={states}
        placeholder="Select a state"
        error={view.fieldError('state')}
        hint={locations ? undefined : props.locationsFailed ? messages.hireLocationsFailed : 'Loading the list of states…'}
        onValueChange={(value) => {
          send({ type: 'CHANGE', field: 'state', value });
          // A new state's areas are another list: the town is chosen again.
          if (value !== view.values.state) send({ type: 'CHANGE', field: 'town', value: '' });
        }}
      />
      <Combobox
        id={fieldId(props.modal, 'town')}
        name="town"
        label="Area"
        value={view.values.town ?? ''}
        options={areas}
        placeholder={view.values.state ? 'Select a town' : 'Select a state first'}
        disabled={!view.values.state}
        error={view.fieldError('town')}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'town', value })}
      />
      <TextField {...props} name="introduction" label="Introduction" multiline hint={`(optional, up to ${INTRODUCTION_MAX} characters)`} />
    </>
  );
}

function DocumentField({ view, send, modal, name, label, current }: FieldProps & { name: 'valid_id' | 'rider_id_card'; label: string; current: string | null }) {
  return (
    <FileField
      id={fieldId(modal, name)}
      name={name}
      label={label}
      labelHint="(optional)"
      accept={DOCUMENT_ACCEPT}
      // The back camera of a phone photographs the document; a PDF or a photo taken earlier is a file.
      capture="environment"
      cameraAccept={DOCUMENT_CAMERA_ACCEPT}
      chooseLabel={messages.chooseAFile}
      file={view.files[name] ?? null}
      current={current ? `On file: ${current}. Choose a new file to replace it.` : null}
      hint={`A PDF or a photo (JPEG, PNG or WebP), up to ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB. ${messages.idWhoSees}`}
      error={view.fieldError(name)}
      onFile={(file) => send({ type: 'SELECT_FILE', field: name, file })}
    />
  );
}

/** Which ID the valid ID is: the codes of ID_KINDS, read as their names. */
function IdKindSelect({ view, send, modal }: FieldProps) {
  return (
    <SelectField
      id={fieldId(modal, 'id_kind')}
      name="id_kind"
      label={messages.idKindLabel}
      labelHint="(with a valid ID)"
      value={view.values.id_kind ?? ''}
      options={ID_KINDS}
      labelOf={(kind) => (isIdKind(kind) ? messages.idKindLabels[kind] : kind)}
      placeholder={messages.idKindPlaceholder}
      error={view.fieldError('id_kind')}
      onValueChange={(value) => send({ type: 'CHANGE', field: 'id_kind', value })}
    />
  );
}

function Progress({ value }: { value: number | null }) {
  if (value === null) return null;
  const percent = Math.round(value * 100);
  return (
    <div className="upload-progress">
      <progress max={100} value={percent} aria-label="Upload progress">
        {percent}%
      </progress>
      <span aria-hidden="true">{percent}%</span>
    </div>
  );
}

function body(props: EditModalProps, modal: ModalKind): ReactNode {
  const { edit: view, send, profile } = props;
  const f: FieldProps = { view, send, modal };
  const work = profile.workHistories.find((w) => w._id === view.entryId);
  const past = profile.pastEmployees.find((e) => e._id === view.entryId);
  switch (modal) {
    case 'profile':
      return <ProfileContentFields {...f} locations={props.locations} locationsFailed={props.locationsFailed ?? false} />;
    case 'bio':
      return <TextField {...f} name="bio" label="Bio" multiline hint={`(up to ${BIO_MAX} characters; empty removes it)`} />;
    case 'personalInfo':
      return (
        <>
          <Select {...f} name="total_years_of_experience" label="Total experience (years)" options={EXPERIENCE_OPTIONS} placeholder="Select your experience" />
          <TextField {...f} name="languages_spoken" label="Languages spoken" hint="(separate them with commas)" />
          <Select {...f} name="education" label="Education" options={EDUCATION_OPTIONS} placeholder="Select your education" />
          <IdKindSelect {...f} />
          <DocumentField {...f} name="valid_id" label="Valid ID" current={profile.personalInfo?.valid_id?.original_name ?? null} />
          <DocumentField {...f} name="rider_id_card" label="Rider ID card" current={profile.personalInfo?.rider_id_card?.original_name ?? null} />
        </>
      );
    case 'picture':
      return (
        <FileField
          id={fieldId(modal, 'profile_image')}
          name="profile_image"
          label="Profile image"
          accept={PROFILE_IMAGE_ACCEPT}
          file={view.files.profile_image ?? null}
          preview
          capture="user"
          crop={{ focus: view.focus, onRecentre: view.canRecentre ? (focus) => send({ type: 'RECENTRE', ...focus }) : null }}
          hint={`A JPEG, PNG or WebP photo of your face, up to ${PROFILE_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`}
          error={view.fieldError('profile_image')}
          onFile={(file) => send({ type: 'SELECT_FILE', field: 'profile_image', file })}
        />
      );
    case 'addWorkHistory':
    case 'editWorkHistory':
      return (
        <>
          <TextField {...f} name="position" label="Position" />
          <TextField {...f} name="company_name" label="Company" autoComplete="organization" />
          <Select {...f} name="number_of_years" label="Number of years" options={NUMBER_OF_YEARS_OPTIONS} placeholder="Select the years" />
          <Dates {...f} endOptional />
        </>
      );
    case 'addPastEmployee':
    case 'editPastEmployee':
      return (
        <>
          <TextField {...f} name="company_name" label="Company" autoComplete="organization" />
          <TextField {...f} name="company_contact" label="Company contact" hint="(optional: a name, phone or e-mail)" />
          <Dates {...f} endOptional={false} />
        </>
      );
    case 'deleteWorkHistory':
      return (
        <p>
          Delete <strong>{work ? `${work.position} at ${work.company_name}` : 'this work history entry'}</strong> from your work history? This cannot be undone.
        </p>
      );
    case 'deletePastEmployee':
      return (
        <p>
          Delete <strong>{past ? past.company_name : 'this past employee'}</strong>
          {past ? ` (${displayDate(past.start_date)} – ${displayDate(past.end_date)})` : ''} from your past employees? This cannot be undone.
        </p>
      );
    case 'exportData':
      return (
        <>
          <p>You get one JSON file with everything we keep about you:</p>
          <ul className="compact-list">
            <li>your account and profile, with your bio and location</li>
            <li>your personal information, work history and past employees</li>
            <li>the details of your picture and ID documents</li>
            <li>when and how you signed in</li>
          </ul>
        </>
      );
    case 'deleteAccount':
      return (
        <>
          <p>
            This deletes your account, your profile, your picture and your ID documents for good, and signs you out everywhere. Your public
            page stops working. It cannot be undone.
          </p>
          <PasswordField
            id={fieldId(modal, 'password')}
            name="password"
            label="Your password"
            value={view.values.password ?? ''}
            error={view.fieldError('password')}
            autoComplete="current-password"
            required
            onValueChange={(value) => send({ type: 'CHANGE', field: 'password', value })}
          />
        </>
      );
    case 'deleteGoogleAccount':
      return (
        <>
          <p>
            This deletes your account, your profile, your picture and your ID documents for good, and signs you out everywhere. It cannot be
            undone.
          </p>
          <p>
            You sign in with Google, so we ask you to have done so in the last 10 minutes.{' '}
            <a href={props.googleSignInUrl}>Sign in with Google again</a> if it was longer ago, then come back here.
          </p>
        </>
      );
  }
}

export function EditModal(props: EditModalProps) {
  const { edit: view, send } = props;
  // Every field's message at once; the focus goes to the first invalid field.
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, view.focusInvalid);
  if (view.state === 'closed' || !view.modal) return null;
  const modal = view.modal;
  const spec = modalSpecs[modal];
  const danger = modal === 'deleteAccount' || modal === 'deleteGoogleAccount' || modal.startsWith('delete');
  const onSubmit = (e: ReactFormEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT' });
  };
  return (
    <Modal title={spec.title} busy={view.busy} onClose={() => send({ type: 'CLOSE' })} returnFocus={props.returnFocus} tone={modal === 'deleteAccount' || modal === 'deleteGoogleAccount' ? 'danger' : 'normal'}>
      <form ref={formRef} noValidate onSubmit={onSubmit} data-modal={modal}>
        {body(props, modal)}
        <Progress value={view.busy ? view.progress : null} />
        <div className="modal-actions">
          {/* During an upload Cancel stays usable and aborts it (back to the choice, nothing saved). */}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => send({ type: view.cancellable ? 'CANCEL_UPLOAD' : 'CLOSE' })}
            disabled={view.busy && !view.cancellable}
          >
            Cancel
          </button>
          <button type="submit" className={danger ? 'btn btn-danger' : 'btn'} disabled={view.busy} aria-busy={view.busy}>
            {view.busy ? messages.submitting : spec.submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
