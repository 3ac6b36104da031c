/**
 * A rider in the console: the whole profile, the ID documents (opened with the staff
 * token), the ID check (approve, or reject with a reason the rider reads) and the account's
 * suspension (asks for the password or a fresh code) and its lift. Drawn from the ID review
 * machine's view model (machines/ops/idReviewMachine.ts); every action is an event sent to it.
 */
import { Link } from '@tanstack/react-router';
import type { IdReviewEvent, IdReviewView } from '../../../../machines/ops/idReviewMachine';
import { messages } from '../../../shared/messages';
import { opsPaths } from '../../../shared/opsPaths';
import { REVIEW_REASON_MAX, SUSPEND_REASON_MAX, type OpsRiderDetail, type OpsRiderDocument } from '../../../shared/opsRiders';
import { displayDate, displayPhone } from '../../../shared/profile';
import { ConfirmDialog } from './ConfirmDialog';
import { formatWhen } from './OpsList';
import { OpsLoadFailed, OpsSkeleton } from './OpsLoadState';
import { ReviewBadge } from './RidersView';
import './riders.css';

export interface RiderDetailViewProps {
  view: IdReviewView;
  send: (event: IdReviewEvent) => void;
  /** Downloads one of the rider's ID documents with the staff token. */
  onOpenDocument: (document: OpsRiderDocument) => void;
}

function Alert({ text }: { text: string | null | undefined }) {
  return text ? (
    <p className="field-error" role="alert">
      {text}
    </p>
  ) : null;
}

function Facts({ rows }: { rows: Array<[string, string | null | undefined]> }) {
  return (
    <dl className="ops-dl">
      {rows.map(([term, value]) => (
        <div key={term} className="ops-dl-row">
          <dt>{term}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The name and picture the rider gave, beside the document they are checked against. */
function Identity({ rider }: { rider: OpsRiderDetail }) {
  const name = rider.fullName ?? rider.username;
  return (
    <div className="ops-id-who">
      <img
        src={rider.picture ? `/api${rider.picture.url}` : '/avatar.svg'}
        alt={rider.picture ? messages.opsIdPictureAlt(name) : ''}
        width={96}
        height={96}
        className="ops-id-picture"
      />
      <dl className="ops-dl">
        <div className="ops-dl-row">
          <dt>{messages.opsIdNameGiven}</dt>
          <dd>{rider.fullName ?? messages.opsIdNoNameGiven}</dd>
        </div>
        <div className="ops-dl-row">
          <dt>{messages.opsRiderUsername}</dt>
          <dd>{rider.username}</dd>
        </div>
      </dl>
    </div>
  );
}

/** A document inline: an image as <img>, a PDF in a frame; nothing until its address is loaded. */
function DocumentShown({ doc, url, name }: { doc: OpsRiderDocument; url: string | undefined; name: string }) {
  if (!url) return null;
  const label = messages.opsIdDocumentFrame(messages.opsRiderDocumentKind[doc.kind], name);
  return doc.contentType === 'application/pdf' ? (
    <iframe className="ops-id-document" src={url} title={label} />
  ) : (
    <img className="ops-id-document" src={url} alt={label} />
  );
}

function ReviewCard({ view, send, onOpenDocument }: RiderDetailViewProps & { rider: OpsRiderDetail }) {
  const rider = view.rider!;
  const { review } = rider;
  const state = view.review;
  const writing = state === 'rejecting' || state === 'sendingRejection';
  const reasonError = view.reviewError?.field === 'reason' ? view.reviewError.message : null;
  const otherError = view.reviewError && view.reviewError.field !== 'reason' ? view.reviewError.message : null;
  return (
    <section className="ops-card" aria-labelledby="ops-rider-review">
      <h2 id="ops-rider-review">
        {messages.opsIdCheckHeading} <ReviewBadge status={review.status} />
      </h2>
      <Identity rider={rider} />
      {rider.documents.length === 0 ? (
        <p className="ops-muted">{messages.opsRiderNoDocuments}</p>
      ) : (
        <ul className="ops-documents" aria-label={messages.opsRiderDocuments}>
          {rider.documents.map((doc) => (
            <li key={doc.id}>
              <DocumentShown doc={doc} url={view.documentUrls[doc.id]} name={rider.fullName ?? rider.username} />
              <button type="button" className="btn btn-secondary btn-small" onClick={() => onOpenDocument(doc)}>
                {messages.opsRiderOpenDocument(messages.opsRiderDocumentKind[doc.kind])}
              </button>{' '}
              <span className="ops-muted">
                {messages.opsRiderDocumentFacts(doc.originalName, Math.max(1, Math.round(doc.size / 1024)), formatWhen(doc.uploadedAt))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {view.documents === 'loading' ? (
        <p className="ops-muted" role="status">
          {messages.opsIdDocumentLoading}
        </p>
      ) : null}
      {view.documents === 'failed' ? (
        <div role="alert" className="ops-document-failed">
          <p>{messages.opsIdDocumentFailed}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => send({ type: 'RETRY_DOCUMENTS' })}>
            {messages.opsIdDocumentShowAgain}
          </button>
        </div>
      ) : null}
      {review.reviewedAt ? (
        <p className="ops-muted">
          {messages.opsIdDecidedBy(review.status === 'approved', review.reviewedBy ?? messages.opsIdFormerStaff, formatWhen(review.reviewedAt))}
        </p>
      ) : null}
      {review.status === 'rejected' && review.reason ? (
        <p>
          <strong>{messages.opsIdReasonGiven}</strong> {review.reason}
        </p>
      ) : null}
      <Alert text={otherError} />
      {state === 'pending' || state === 'approving' ? (
        <div className="ops-actions">
          <button type="button" className="btn" disabled={view.reviewBusy} aria-busy={state === 'approving'} onClick={() => send({ type: 'APPROVE' })}>
            {state === 'approving' ? messages.submitting : messages.opsIdApprove}
          </button>
          <button type="button" className="btn btn-secondary" disabled={view.reviewBusy} onClick={() => send({ type: 'START_REJECT' })}>
            {messages.opsIdReject}
          </button>
        </div>
      ) : null}
      {writing ? (
        <form
          className="ops-reject"
          aria-label={messages.opsIdRejectFormLabel}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SUBMIT_REJECT' });
          }}
        >
          <div className="field">
            <label htmlFor="ops-reject-reason">{messages.opsIdRejectReasonLabel}</label>
            <textarea
              id="ops-reject-reason"
              name="reason"
              rows={3}
              maxLength={REVIEW_REASON_MAX}
              value={view.reason}
              disabled={view.reviewBusy}
              aria-invalid={reasonError ? 'true' : 'false'}
              aria-describedby={reasonError ? 'ops-reject-reason-error' : undefined}
              onChange={(event) => send({ type: 'REASON_CHANGED', value: event.target.value })}
            />
            {reasonError ? (
              <p id="ops-reject-reason-error" className="field-error" role="alert">
                {reasonError}
              </p>
            ) : null}
          </div>
          <div className="ops-actions">
            <button type="submit" className="btn btn-danger" disabled={view.reviewBusy} aria-busy={view.reviewBusy}>
              {view.reviewBusy ? messages.submitting : messages.opsIdSendRejection}
            </button>
            <button type="button" className="btn btn-secondary" disabled={view.reviewBusy} onClick={() => send({ type: 'CANCEL_REJECT' })}>
              {messages.cancel}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

function AccountCard({ view, send }: Pick<RiderDetailViewProps, 'view' | 'send'>) {
  const rider = view.rider!;
  const state = view.account;
  const dialogOpen = state === 'confirmingSuspend' || state === 'suspending';
  const error = view.accountError;
  const suspended = state === 'suspended' || state === 'lifting';
  return (
    <section className="ops-card" aria-labelledby="ops-rider-account">
      <h2 id="ops-rider-account">{messages.opsRiderAccount}</h2>
      {suspended && rider.suspension ? (
        <p>
          <span className="ops-badge" data-tone="bad">
            {messages.opsRiderSuspendedBadge}
          </span>{' '}
          {messages.opsRiderSuspendedSince(formatWhen(rider.suspension.at), rider.suspension.reason)}
        </p>
      ) : (
        <p className="ops-muted">{messages.opsRiderActive}</p>
      )}
      {!dialogOpen ? <Alert text={error?.message} /> : null}
      <div className="ops-actions">
        {suspended ? (
          <button type="button" className="btn" disabled={view.accountBusy} aria-busy={state === 'lifting'} onClick={() => send({ type: 'LIFT' })}>
            {state === 'lifting' ? messages.submitting : messages.opsLiftSuspension}
          </button>
        ) : (
          <button type="button" className="btn btn-danger" disabled={view.accountBusy} onClick={() => send({ type: 'START_SUSPEND' })}>
            {messages.opsSuspendRider}
          </button>
        )}
      </div>
      {dialogOpen ? (
        <ConfirmDialog
          title={messages.opsSuspendTitle(rider.username)}
          confirmLabel={messages.opsSuspendConfirm}
          busy={state === 'suspending'}
          error={error?.field === 'confirmation' ? error.message : null}
          onConfirm={(confirmation) => send({ type: 'CONFIRM_SUSPEND', confirmation })}
          onCancel={() => send({ type: 'CANCEL_SUSPEND' })}
        >
          <p>{messages.opsSuspendHelp}</p>
          <div className="field">
            <label htmlFor="ops-suspend-reason">{messages.opsSuspendReasonLabel}</label>
            <textarea
              id="ops-suspend-reason"
              name="suspendReason"
              rows={2}
              maxLength={SUSPEND_REASON_MAX}
              value={view.suspendReason}
              disabled={state === 'suspending'}
              aria-invalid={error?.field === 'reason' ? 'true' : 'false'}
              aria-describedby={error?.field === 'reason' ? 'ops-suspend-reason-error' : undefined}
              onChange={(event) => send({ type: 'SUSPEND_REASON_CHANGED', value: event.target.value })}
            />
            {error?.field === 'reason' ? (
              <p id="ops-suspend-reason-error" className="field-error" role="alert">
                {error.message}
              </p>
            ) : null}
          </div>
          {error && error.field !== 'reason' && error.field !== 'confirmation' ? <Alert text={error.message} /> : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function ProfileCard({ rider }: { rider: OpsRiderDetail }) {
  const info = rider.personalInfo;
  const facts = messages.opsRiderFacts;
  return (
    <section className="ops-card" aria-labelledby="ops-rider-profile">
      <h2 id="ops-rider-profile">{messages.opsRiderProfile}</h2>
      <Facts
        rows={[
          [facts.email, messages.opsRiderEmailVerified(rider.email, rider.emailVerified)],
          [facts.phone, displayPhone(rider.phone)],
          [facts.address, rider.address],
          [facts.place, [rider.town, rider.state].filter(Boolean).join(', ')],
          [facts.signIn, [rider.signIn.password ? messages.opsRiderSignInPassword : null, rider.signIn.google ? messages.opsRiderSignInGoogle : null].filter(Boolean).join(', ')],
          [facts.signUp, rider.completed ? messages.opsRiderSignUpComplete : messages.opsRiderSignUpAtStep(rider.currentTab)],
          [facts.joined, formatWhen(rider.createdAt)],
          [facts.introduction, rider.introduction],
          [facts.experience, info?.totalYearsOfExperience ? messages.opsRiderYears(info.totalYearsOfExperience) : null],
          [facts.languages, info?.languagesSpoken],
          [facts.education, info?.education],
        ]}
      />
      <h3>{messages.opsRiderBio}</h3>
      {rider.bio ? <p className="ops-bio">{rider.bio}</p> : <p className="ops-muted">{messages.opsRiderNoBio}</p>}
      <h3>{messages.opsRiderWorkHistory}</h3>
      {rider.workHistories.length ? (
        <ul className="ops-entries">
          {rider.workHistories.map((w) => (
            <li key={w._id}>
              <strong>{w.position}</strong>, {w.company_name} · {messages.opsRiderYears(w.number_of_years)} · {displayDate(w.start_date)} – {w.end_date ? displayDate(w.end_date) : messages.opsRiderPresent}
            </li>
          ))}
        </ul>
      ) : (
        <p className="ops-muted">{messages.opsRiderNoWorkHistory}</p>
      )}
      <h3>{messages.opsRiderPastEmployers}</h3>
      {rider.pastEmployees.length ? (
        <ul className="ops-entries">
          {rider.pastEmployees.map((e) => (
            <li key={e._id}>
              <strong>{e.company_name}</strong>
              {e.company_contact ? ` (${e.company_contact})` : ''} · {displayDate(e.start_date)} – {displayDate(e.end_date)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="ops-muted">{messages.opsRiderNoPastEmployers}</p>
      )}
    </section>
  );
}

export function RiderDetailView({ view, send, onOpenDocument }: RiderDetailViewProps) {
  const back = (
    <p>
      <Link to={opsPaths.riders}>{messages.opsAllRiders}</Link>
    </p>
  );
  if (view.state === 'loading') {
    return (
      <section aria-labelledby="ops-rider-heading">
        {back}
        <h1 id="ops-rider-heading">{messages.opsRiderHeading}</h1>
        <OpsSkeleton label={`${messages.opsRiderHeading}: ${messages.opsLoading}`} />
      </section>
    );
  }
  if (view.state === 'failed' || !view.rider) {
    return (
      <section aria-labelledby="ops-rider-heading">
        {back}
        <h1 id="ops-rider-heading">{messages.opsRiderHeading}</h1>
        <OpsLoadFailed message={messages.opsRiderLoadFailed} error={view.loadError} onRetry={() => send({ type: 'RETRY' })} />
      </section>
    );
  }
  const rider = view.rider;
  return (
    <section aria-labelledby="ops-rider-heading" className="ops-rider">
      {back}
      <h1 id="ops-rider-heading">{rider.username}</h1>
      <div className="ops-rider-grid">
        <div>
          <ReviewCard view={view} send={send} onOpenDocument={onOpenDocument} rider={rider} />
          <AccountCard view={view} send={send} />
        </div>
        <ProfileCard rider={rider} />
      </div>
    </section>
  );
}
