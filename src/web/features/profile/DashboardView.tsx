/**
 * The rider dashboard (spec §2 'Rider dashboard'), drawn from the dashboard machine's
 * view model (machines/profile/dashboardMachine.ts: the profile load, the open modal, the location
 * lists, a document being fetched, a share under way). The picture menu's open/closed is a
 * presentation toggle; everything else comes from the view model, and every action is an event
 * sent to the dashboard machine.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { DashboardEvent, DashboardViewState } from '../../../../machines/profile/dashboardMachine';
import type { ProfileView } from '../../../../machines/profile/profileMachine';
import type { ProfileEditView } from '../../../../machines/profile/profileEditMachine';
import { openEventFor, openEventForChecklistItem, type ModalKind } from '../../../../machines/profile/profileModals';
import type { LocationState } from '../../../shared/locations';
import { messages } from '../../../shared/messages';
import { displayDate, displayPhone, publicProfilePath, type IdReviewStatus, type Profile } from '../../../shared/profile';
import { profileChecklist, type ChecklistItemKey } from '../../../shared/profileChecklist';
import { CHECKLIST_HEADING_ID, ProfileChecklist } from './ProfileChecklist';
import { Illustration } from '../../kit/components/Illustration';
import { JobSuccessBadge, RatingSummary } from '../../kit/components/JobSuccess';
import { DeliveryRecordLine } from '../../kit/components/DeliveryRecord';
import { useDropdown } from '../../kit/components/useDropdown';
import { CameraIcon, DownloadIcon, EditIcon, FileIcon, PlusIcon, ShareIcon, TrashIcon } from '../../kit/components/Icons';
import './profile.css';

/** The modals' code (forms, picture crop, combobox) loads when the first one opens. */
const EditModal = lazy(() => import('./EditModal').then((m) => ({ default: m.EditModal })));

/** Uploaded files are shown at the API base plus the returned url (spec §7). */
export const API_BASE = '/api';
export const DEFAULT_PICTURE = '/avatar.svg';

export interface DashboardViewProps {
  /** The dashboard's own state: 'redirecting' (to sign-up) and 'deleted' replace the page (default 'active'). */
  state?: DashboardViewState;
  profile: ProfileView;
  edit: ProfileEditView;
  /** Every action: RETRY, the modal's events, SHARE (the share icon), OPEN_DOCUMENT (an ID document). */
  send: (event: DashboardEvent) => void;
  locations: LocationState[] | null;
  /** The location lists could not be loaded. */
  locationsFailed?: boolean;
  /** An ID document is being fetched. */
  openingDocument?: boolean;
  /** A share is under way. */
  sharing?: boolean;
  googleSignInUrl: string;
  /** The site's origin for the share link (window.location.origin in the app). */
  origin: string;
  /** What the page shows between the profile and "Your data", which comes last: the hire requests. */
  children?: React.ReactNode;
  /** First on the page, above the profile: what waits for the rider ("Waiting for you"). */
  waiting?: React.ReactNode;
  /** Under the profile's cards, before the hire requests: "Available for deliveries" and the way to the jobs. */
  deliveries?: React.ReactNode;
}

/**
 * The field a checklist item's modal puts the focus on (EditModal's ids, `modal-{kind}-{field}`);
 * the other items' modals start at their first field, which is the item.
 */
const CHECKLIST_FOCUS: Partial<Record<ChecklistItemKey, string>> = {
  introduction: 'modal-profile-introduction',
  languages: 'modal-personalInfo-languages_spoken',
  id: 'modal-personalInfo-valid_id',
};

// ---------------------------------------------------------------------------------------------
// Header

function PictureMenu({ profile, open }: { profile: Profile; open: (modal: ModalKind) => void }) {
  const { open: menuOpen, setOpen: setMenuOpen, root, button } = useDropdown();
  const picture = profile.user.picture;


  const image = (
    <img className="profile-picture" src={picture ? `${API_BASE}${picture.url}` : DEFAULT_PICTURE} alt="" width={112} height={112} />
  );
  if (!picture) {
    // No picture yet: a click uploads one.
    return (
      <div className="picture-menu" ref={root}>
        <button ref={button} type="button" className="picture-button" aria-label="Upload a profile picture" onClick={() => open('picture')}>
          {image}
          <span className="picture-badge" aria-hidden="true">
            <CameraIcon />
          </span>
        </button>
      </div>
    );
  }
  return (
    <div className="picture-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="picture-button"
        aria-label="Profile picture"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-controls="picture-menu-list"
        onClick={() => setMenuOpen((o) => !o)}
      >
        {image}
        <span className="picture-badge" aria-hidden="true">
          <CameraIcon />
        </span>
      </button>
      <ul id="picture-menu-list" className="dropdown picture-dropdown" hidden={!menuOpen}>
        <li>
          <a href={`${API_BASE}${picture.url}`} target="_blank" rel="noopener" onClick={() => setMenuOpen(false)}>
            View picture
          </a>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              setMenuOpen(false);
              open('picture');
            }}
          >
            Change picture
          </button>
        </li>
      </ul>
    </div>
  );
}

function ProfileHeader({ profile, open, send, sharing, origin }: { profile: Profile; open: (modal: ModalKind) => void; send: DashboardViewProps['send']; sharing: boolean; origin: string }) {
  const u = profile.user;
  const publicPath = publicProfilePath(u.username);
  const place = [u.town, u.state].filter(Boolean).join(', ');
  return (
    <section className="card profile-header" aria-labelledby="profile-username">
      <PictureMenu profile={profile} open={open} />
      <div className="profile-identity">
        <h1 id="profile-username" tabIndex={-1}>
          {u.username}
        </h1>
        {u.introduction ? <p className="profile-intro">{u.introduction}</p> : <p className="profile-intro muted">Add an introduction: one line companies read first.</p>}
        {/* Earned, not fixed: the card's score with its basis, or "New rider" until 3 reviewed jobs. */}
        <div className="profile-reputation">
          <JobSuccessBadge reputation={profile.reputation} showBasis />
          <RatingSummary reputation={profile.reputation} />
        </div>
        <DeliveryRecordLine record={profile.reputation} />
        <p className="profile-contact">
          {[place, displayPhone(u.phone)].filter(Boolean).join(' · ')}
        </p>
        <a className="public-link" href={publicPath} target="_blank" rel="noopener">
          View your public page
        </a>
      </div>
      <div className="profile-actions">
        <button type="button" className="icon-button icon-button-outline" aria-label="Edit profile" title="Edit profile" onClick={() => open('profile')}>
          <EditIcon />
        </button>
        <button
          type="button"
          className="icon-button icon-button-outline"
          aria-label="Share profile"
          title="Share profile"
          aria-busy={sharing || undefined}
          disabled={sharing}
          onClick={() => send({ type: 'SHARE', url: `${origin}${publicPath}`, title: `${u.username} on Ogba Dispatch` })}
        >
          <ShareIcon />
        </button>
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Sidebar and sections

function SectionHeading({ id, title, action }: { id: string; title: string; action: React.ReactNode }) {
  return (
    <div className="section-heading">
      <h2 id={id} tabIndex={-1}>
        {title}
      </h2>
      {action}
    </div>
  );
}

/**
 * The "Valid ID" line: the spec's Yes/No stays for no document and an approved one;
 * an upload nobody checked yet never reads "Yes", and a rejection says why.
 */
function ValidIdFact({ status }: { status: IdReviewStatus }) {
  if (status === 'approved') {
    return (
      <dd>
        Yes <span className="id-badge">{messages.idVerified}</span>
      </dd>
    );
  }
  if (status === 'pending') return <dd className="id-pending">{messages.idPendingReview}</dd>;
  if (status === 'rejected') return <dd className="id-rejected">{messages.idRejected}</dd>;
  return <dd>No</dd>;
}

function PersonalInfoCard({ profile, open, send, opening }: { profile: Profile; open: (modal: ModalKind) => void; send: DashboardViewProps['send']; opening: boolean }) {
  const info = profile.personalInfo;
  const review = info?.id_review_status ?? 'none';
  const documents = (['valid_id', 'rider_id_card'] as const).filter((kind) => info?.[kind]);
  return (
    <section className="card" aria-labelledby="personal-info-title">
      <SectionHeading
        id="personal-info-title"
        title="Personal Information"
        action={
          <button type="button" className="icon-button icon-button-outline" aria-label="Edit personal information" title="Edit personal information" onClick={() => open('personalInfo')}>
            <EditIcon />
          </button>
        }
      />
      <dl className="facts">
        <div>
          <dt>Total experience</dt>
          <dd>{info?.total_years_of_experience ? `${info.total_years_of_experience} years` : 'Not given'}</dd>
        </div>
        <div>
          <dt>Valid ID</dt>
          <ValidIdFact status={review} />
        </div>
        <div>
          <dt>Languages</dt>
          <dd>{info?.languages_spoken || 'Not given'}</dd>
        </div>
        <div>
          <dt>Education</dt>
          <dd>{info?.education || 'Not given'}</dd>
        </div>
      </dl>
      {review === 'rejected' ? (
        <div className="id-rejection" role="note" aria-label="Why your ID was not accepted">
          {info?.id_review_reason ? <p className="id-rejection-reason">{info.id_review_reason}</p> : null}
          <p>{messages.idRejectedHelp}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => open('personalInfo')}>
            Upload again
          </button>
        </div>
      ) : null}
      {documents.length ? (
        <ul className="documents" aria-label="Your ID documents (only you and the staff who check them can see them)" aria-busy={opening || undefined}>
          {documents.map((kind) => (
            <li key={kind}>
              <button type="button" className="link-button" disabled={opening} onClick={() => send({ type: 'OPEN_DOCUMENT', document: info![kind]! })}>
                <FileIcon />
                <span>
                  {kind === 'valid_id' ? `Valid ID${info?.id_kind ? ` (${messages.idKindLabels[info.id_kind]})` : ''}` : 'Rider ID card'}: {info![kind]!.original_name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function BioCard({ profile, open }: { profile: Profile; open: (modal: ModalKind) => void }) {
  return (
    <section className="card" aria-labelledby="bio-title">
      <SectionHeading
        id="bio-title"
        title="My Bio"
        action={
          <button type="button" className="icon-button icon-button-outline" aria-label="Edit bio" title="Edit bio" onClick={() => open('bio')}>
            <EditIcon />
          </button>
        }
      />
      {profile.user.bio ? <p className="bio">{profile.user.bio}</p> : <p className="empty">No bio found</p>}
    </section>
  );
}

function EntryActions({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="entry-actions">
      <button type="button" className="icon-button" aria-label={`Edit ${label}`} title="Edit" onClick={onEdit}>
        <EditIcon />
      </button>
      <button type="button" className="icon-button icon-danger" aria-label={`Delete ${label}`} title="Delete" onClick={onDelete}>
        <TrashIcon />
      </button>
    </div>
  );
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-secondary btn-small" onClick={onClick}>
      <PlusIcon />
      <span>{label}</span>
    </button>
  );
}

function WorkHistoryCard({ profile, open }: { profile: Profile; open: (modal: ModalKind, entryId?: string) => void }) {
  return (
    <section className="card" aria-labelledby="work-history-title">
      <SectionHeading id="work-history-title" title="Work History" action={<AddButton label="Add" onClick={() => open('addWorkHistory')} />} />
      {profile.workHistories.length === 0 ? (
        <p className="empty">
          <Illustration name="emptyList" />
          No work history found
        </p>
      ) : (
        <ul className="entries">
          {profile.workHistories.map((w) => (
            <li key={w._id} className="entry">
              <div className="entry-text">
                <strong>{w.position}</strong>
                <span>{w.company_name}</span>
                <span className="meta">
                  {w.number_of_years} years · {displayDate(w.start_date)} – {w.end_date ? displayDate(w.end_date) : 'Present'}
                </span>
              </div>
              <EntryActions
                label={`${w.position} at ${w.company_name}`}
                onEdit={() => open('editWorkHistory', w._id)}
                onDelete={() => open('deleteWorkHistory', w._id)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PastEmployeesCard({ profile, open }: { profile: Profile; open: (modal: ModalKind, entryId?: string) => void }) {
  return (
    <section className="card" aria-labelledby="past-employees-title">
      <SectionHeading id="past-employees-title" title="Past Employees" action={<AddButton label="Add" onClick={() => open('addPastEmployee')} />} />
      {profile.pastEmployees.length === 0 ? (
        <p className="empty">
          <Illustration name="emptyList" />
          No past employees found
        </p>
      ) : (
        <ul className="entries">
          {profile.pastEmployees.map((e) => (
            <li key={e._id} className="entry">
              <div className="entry-text">
                <strong>{e.company_name}</strong>
                {e.company_contact ? <span>{e.company_contact}</span> : null}
                <span className="meta">
                  {displayDate(e.start_date)} – {displayDate(e.end_date)}
                </span>
              </div>
              <EntryActions label={e.company_name} onEdit={() => open('editPastEmployee', e._id)} onDelete={() => open('deletePastEmployee', e._id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DataCard({ profile, open }: { profile: Profile; open: (modal: ModalKind) => void }) {
  return (
    <section className="card" aria-labelledby="your-data-title">
      <SectionHeading id="your-data-title" title="Your data" action={null} />
      <p className="muted small">Take a copy of everything we keep about you, or close your account for good.</p>
      <div className="data-actions">
        <button type="button" className="btn btn-secondary" onClick={() => open('exportData')}>
          <DownloadIcon />
          <span>Download my data</span>
        </button>
        <button type="button" className="btn btn-secondary btn-danger-outline" onClick={() => open(profile.user.has_password ? 'deleteAccount' : 'deleteGoogleAccount')}>
          <TrashIcon />
          <span>Delete my account</span>
        </button>
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// The states of the screen

function Loading() {
  return (
    <div className="dashboard-skeleton" aria-busy="true" aria-live="polite">
      <p className="visually-hidden">Loading your profile…</p>
      <div className="card skeleton-header">
        <span className="skeleton skeleton-circle" />
        <span className="skeleton-lines">
          <span className="skeleton skeleton-line" />
          <span className="skeleton skeleton-line short" />
        </span>
      </div>
      <div className="card">
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line short" />
      </div>
    </div>
  );
}

function Failed({ retry }: { retry: () => void }) {
  return (
    <div className="card dashboard-failed" role="alert">
      <h1>{messages.profileLoadFailed}</h1>
      <p>Check your connection and try again.</p>
      <button type="button" className="btn" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

export function DashboardView(props: DashboardViewProps) {
  const { profile: view, edit, send } = props;
  const profile = view.profile;
  // A modal opened from the checklist: the field to focus once it is open, and focus goes back
  // to the checklist when it closes (the item's button is gone once it is done).
  const fromChecklist = useRef<{ focus: string | null } | null>(null);
  // Run once the modal is on screen (its code loads on first use): the modal has focused its
  // first field already; the item's own field wins.
  const focusChecklistField = () => {
    const target = fromChecklist.current?.focus;
    if (!target) return;
    fromChecklist.current = { focus: null };
    document.getElementById(target)?.focus();
  };
  let content: React.ReactNode;
  let data: React.ReactNode = null;
  if (props.state === 'deleted') {
    content = (
      <p className="card" role="status">
        {messages.accountDeleted}
      </p>
    );
  } else if (view.state === 'loading' || !profile) {
    content =
      view.state === 'failed' ? (
        <Failed retry={() => send({ type: 'RETRY' })} />
      ) : view.state === 'incomplete' ? (
        <p className="card">Taking you to sign-up to finish your profile…</p>
      ) : (
        <Loading />
      );
  } else {
    const open = (modal: ModalKind, entryId?: string) => {
      if (edit.state !== 'closed') return;
      fromChecklist.current = null;
      send(openEventFor(modal, profile, entryId ?? null));
    };
    const goToItem = (key: ChecklistItemKey) => {
      if (edit.state !== 'closed') return;
      fromChecklist.current = { focus: CHECKLIST_FOCUS[key] ?? null };
      send(openEventForChecklistItem(key, profile));
    };
    data = (
      <section className="section dashboard-data">
        <div className="container">
          <DataCard profile={profile} open={open} />
        </div>
      </section>
    );
    content = (
      <>
        {/* What waits for the rider comes first: a hire request must not sit far down the page. */}
        {props.waiting}
        <ProfileHeader profile={profile} open={open} send={send} sharing={props.sharing ?? false} origin={props.origin} />
        <ProfileChecklist checklist={profileChecklist(profile)} onGo={goToItem} />
        <div className="dashboard-grid">
          <div className="dashboard-side">
            <PersonalInfoCard profile={profile} open={open} send={send} opening={props.openingDocument ?? false} />
          </div>
          <div className="dashboard-main">
            <BioCard profile={profile} open={open} />
            <WorkHistoryCard profile={profile} open={open} />
            <PastEmployeesCard profile={profile} open={open} />
          </div>
        </div>
        {/* Below the profile, where the "Deliveries" button was: the card loads on its own, and
            near the top its first paint would push the profile down the first screen. */}
        {props.deliveries}
        {edit.modal ? (
          <Suspense fallback={null}>
            <EditModal
              edit={edit}
              send={send}
              profile={profile}
              locations={props.locations}
              locationsFailed={props.locationsFailed ?? false}
              googleSignInUrl={props.googleSignInUrl}
              returnFocus={() => document.getElementById(fromChecklist.current ? CHECKLIST_HEADING_ID : returnFocusTarget(edit.modal))}
            />
            <OnMount run={focusChecklistField} />
          </Suspense>
        ) : null}
      </>
    );
  }
  return (
    <>
      <section className="section dashboard">
        <div className="container">{content}</div>
      </section>
      {/* Below the profile, shown with it: appearing under the skeleton first, the hire requests
          were pushed down the screen when the profile came (a layout shift of 0.29, bench:web). */}
      <div hidden={!profile}>{props.children}</div>
      {data}
    </>
  );
}

/** Runs `run` once, after the siblings before it have mounted (inside Suspense: once they have loaded). */
function OnMount({ run }: { run: () => void }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(run, []);
  return null;
}

/** The heading of the section a modal belongs to: where focus goes when its opener is gone. */
function returnFocusTarget(modal: ModalKind | null): string {
  if (modal === 'addWorkHistory' || modal === 'editWorkHistory' || modal === 'deleteWorkHistory') return 'work-history-title';
  if (modal === 'addPastEmployee' || modal === 'editPastEmployee' || modal === 'deletePastEmployee') return 'past-employees-title';
  if (modal === 'personalInfo') return 'personal-info-title';
  if (modal === 'bio') return 'bio-title';
  return 'profile-username';
}
