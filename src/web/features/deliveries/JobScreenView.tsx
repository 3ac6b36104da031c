/**
 * The rider's job screen, drawn from the job machine's view (machines/deliveries/jobMachine.ts):
 * a phone in traffic, so one action at a time, big buttons, one hand at 360 px. Nothing here
 * decides a step: the buttons are the move table's steps for the status the machine says.
 */
import type { JobEvent, JobPlace, JobView } from '../../../../machines/deliveries/jobMachine';
import { bookingMessages as b } from '../../../shared/deliveries/bookingMessages';
import { DELIVERY_FAILURE_REASONS } from '../../../shared/deliveries/moves';
import { formatNaira } from '../../../shared/deliveries/messages';
import { riderJobMessages as m } from '../../../shared/deliveries/riderJobMessages';
import { paths } from '../../../shared/routes';
import { AvailabilitySwitch } from './AvailabilitySwitch';
import './riderJobs.css';

export interface JobScreenViewProps {
  view: JobView;
  send: (event: JobEvent) => void;
}

const placeName = (p: JobPlace) => (p.area ? `${p.area}, ${p.state ?? 'Lagos'}` : [p.city, p.country].filter(Boolean).join(', '));

/** A Nigerian number as wa.me wants it: digits with the country code. */
const whatsappNumber = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('0') ? `234${digits.slice(1)}` : digits;
};

function FieldError({ id, view, field }: { id: string; view: JobView; field: string }) {
  return view.error?.field === field ? (
    <p className="field-error" id={id} role="alert">
      {view.error.message}
    </p>
  ) : null;
}

function Place({ heading, place }: { heading: string; place: JobPlace }) {
  const where = [place.address, place.area ?? place.city, place.state ?? place.country].filter(Boolean).join(', ');
  return (
    <section className="job-place" aria-label={heading}>
      <h2>{heading}</h2>
      <p className="job-address">{place.address ? where : placeName(place)}</p>
      {place.landmark ? <p>{m.landmark(place.landmark)}</p> : null}
      <div className="job-links">
        {place.address ? (
          <a className="btn btn-secondary" href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(where)}`} target="_blank" rel="noreferrer">
            {m.openMaps}
          </a>
        ) : null}
        {place.contact_phone ? (
          <>
            <a className="btn btn-secondary" href={`tel:${place.contact_phone.replace(/\s/g, '')}`}>
              {m.call(place.contact_name || place.contact_phone)}
            </a>
            <a className="btn btn-secondary" href={`https://wa.me/${whatsappNumber(place.contact_phone)}`} target="_blank" rel="noreferrer">
              {m.whatsapp}
            </a>
          </>
        ) : null}
      </div>
    </section>
  );
}

/** No work: the switch (the machine's child), and a look for offers once it is on. */
function Availability({ view, send }: JobScreenViewProps) {
  const switchView = view.availability!;
  return (
    <AvailabilitySwitch view={switchView} send={send}>
      {switchView.available && switchView.state === 'ready' ? (
        <>
          <p>{m.noOffers}</p>
          <button type="button" className="btn btn-secondary job-big" onClick={() => send({ type: 'REFRESH' })}>
            {m.checkAgain}
          </button>
        </>
      ) : null}
    </AvailabilitySwitch>
  );
}

function Offer({ view, send }: JobScreenViewProps) {
  const offer = view.offer!;
  const busy = view.state !== 'offer';
  const km = (n: number | null) => (n === null ? m.unknownKm : m.km(n));
  return (
    <section className="job-card" aria-label={m.offerHeading}>
      <h2>{m.offerHeading}</h2>
      <p className="job-pay">
        {m.pay}: <strong>{formatNaira(offer.pay_kobo)}</strong>
      </p>
      <dl className="job-facts">
        <dt>{m.from}</dt>
        <dd>{offer.pickup_area}</dd>
        <dt>{m.to}</dt>
        <dd>{offer.dropoff_area ?? '—'}</dd>
        <dt>{m.toPickup}</dt>
        <dd>{km(offer.to_pickup_km)}</dd>
        <dt>{m.trip}</dt>
        <dd>{km(offer.trip_km)}</dd>
        <dt>{m.payment}</dt>
        <dd>{b.payments[offer.payment as keyof typeof b.payments] ?? offer.payment}</dd>
      </dl>
      <p className="job-countdown" role="timer" aria-live="off">
        {m.expiresIn(view.secondsLeft)}
      </p>
      <button type="button" className="btn job-big" disabled={busy} onClick={() => send({ type: 'ACCEPT' })}>
        {view.state === 'accepting' ? m.accepting : m.accept}
      </button>
      <button type="button" className="btn btn-secondary job-big" disabled={busy} onClick={() => send({ type: 'DECLINE' })}>
        {view.state === 'declining' ? m.declining : m.decline}
      </button>
    </section>
  );
}

/** The cash collected, asked with the step made where it is taken ("Picked up" or "Delivered"). */
function CashField({ view, send }: JobScreenViewProps) {
  return (
    <div className="field">
      <label htmlFor="job-cash">{m.cashCollected}</label>
      <input
        id="job-cash"
        inputMode="decimal"
        value={view.cash}
        aria-invalid={view.error?.field === 'cash_collected_kobo' ? true : undefined}
        aria-describedby={view.error?.field === 'cash_collected_kobo' ? 'job-cash-error' : undefined}
        onChange={(e) => send({ type: 'CASH', value: e.target.value })}
      />
      <FieldError id="job-cash-error" view={view} field="cash_collected_kobo" />
    </div>
  );
}

function Proof({ view, send }: JobScreenViewProps) {
  const job = view.job!;
  const photoLine =
    view.state === 'keepingPhoto' ? m.keepingPhoto : view.photo === 'kept' ? (view.state === 'sending' ? m.uploading : m.photoKept) : view.photo === 'sent' ? m.photoSent : null;
  return (
    <section className="job-proof" aria-label={m.proofHeading}>
      <h2>{m.proofHeading}</h2>
      <div className="field">
        <label htmlFor="job-code">{m.code}</label>
        <input
          id="job-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          value={view.code}
          aria-invalid={view.error?.field === 'code' ? true : undefined}
          aria-describedby="job-code-tries"
          onChange={(e) => send({ type: 'CODE', value: e.target.value })}
        />
        <p className="field-note" id="job-code-tries">
          {m.codeTriesLeft(job.code_tries_left)}
        </p>
        <FieldError id="job-code-error" view={view} field="code" />
      </div>
      <div className="field">
        <label htmlFor="job-photo">{m.photo}</label>
        <input
          id="job-photo"
          type="file"
          accept="image/*"
          capture="environment"
          // Kept on the phone like a step (also offline), then sent behind the steps before it.
          disabled={view.state !== 'step' && view.state !== 'waiting'}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) send({ type: 'PHOTO', file });
          }}
        />
        {photoLine ? (
          <p className="field-note" role={view.photo === 'sent' ? undefined : 'status'}>
            {photoLine}
          </p>
        ) : null}
        <FieldError id="job-photo-error" view={view} field="photo" />
      </div>
      {view.cashStep === 'deliver' ? <CashField view={view} send={send} /> : null}
    </section>
  );
}

function Failing({ view, send }: JobScreenViewProps) {
  return (
    <section className="job-card" aria-label={m.failHeading}>
      <fieldset className="field job-reasons">
        <legend>{m.failHeading}</legend>
        {DELIVERY_FAILURE_REASONS.map((reason) => (
          <label key={reason} className="job-reason">
            <input type="radio" name="job-reason" checked={view.reason === reason} onChange={() => send({ type: 'REASON', reason })} />
            {m.reasons[reason]}
          </label>
        ))}
        <FieldError id="job-reason-error" view={view} field="reason" />
      </fieldset>
      <div className="field">
        <label htmlFor="job-note">{m.note}</label>
        <textarea id="job-note" rows={3} value={view.note} onChange={(e) => send({ type: 'NOTE', value: e.target.value })} />
        <FieldError id="job-note-error" view={view} field="note" />
      </div>
      <button type="button" className="btn btn-danger job-big" onClick={() => send({ type: 'MOVE', action: 'fail' })}>
        {m.confirmFail}
      </button>
      <button type="button" className="btn btn-secondary job-big" onClick={() => send({ type: 'BACK' })}>
        {m.back}
      </button>
    </section>
  );
}

function Job({ view, send }: JobScreenViewProps) {
  const job = view.job!;
  const status = view.status!;
  const busy = view.state === 'queueing' || view.state === 'sending' || view.state === 'keepingPhoto';
  const next = view.steps.filter((s) => s !== 'fail');
  const canFail = view.steps.includes('fail');
  const shownError = view.error && !['code', 'photo', 'cash_collected_kobo', 'reason', 'note'].includes(view.error.field) ? view.error.message : null;
  return (
    <section className="job-card" aria-label={m.jobHeading(job.reference)}>
      <h2>{m.jobHeading(job.reference)}</h2>
      <p className="job-status">
        {m.status}: <strong>{b.statuses[status] ?? status}</strong>
      </p>
      {view.state === 'waiting' ? (
        <p className="job-waiting" role="status">
          {m.waitingForNetwork} {m.queued(view.pendingCount, view.photo === 'kept')}
        </p>
      ) : null}
      {view.state === 'sending' || view.state === 'queueing' ? <p role="status">{m.sending}</p> : null}
      {shownError ? <p className="field-error" role="alert">{shownError}</p> : null}
      {job.cash_to_collect_kobo !== null && job.cash_collect_at ? <p className="field-note">{m.cashToCollect(formatNaira(job.cash_to_collect_kobo), job.cash_collect_at)}</p> : null}
      {view.state === 'failing' ? (
        <Failing view={view} send={send} />
      ) : (
        <>
          {status === 'failed' ? <p>{m.waitingForStaff}</p> : null}
          {view.canCheckStaff ? (
            <button type="button" className="btn btn-secondary job-big" onClick={() => send({ type: 'REFRESH' })}>
              {m.checkStaff}
            </button>
          ) : null}
          {['assigned', 'heading_to_pickup'].includes(status) ? <Place heading={m.pickupHeading} place={job.pickup} /> : null}
          {['picked_up', 'arrived'].includes(status) ? <Place heading={m.dropoffHeading} place={job.dropoff} /> : null}
          {status === 'returning' ? <Place heading={m.pickupHeading} place={job.pickup} /> : null}
          {next.includes('deliver') ? <Proof view={view} send={send} /> : null}
          {view.cashStep === 'pick_up' && next.includes('pick_up') ? <CashField view={view} send={send} /> : null}
          {next.map((action) => (
            <button key={action} type="button" className="btn job-big" disabled={busy} onClick={() => send({ type: 'MOVE', action })}>
              {m.steps[action]}
            </button>
          ))}
          {canFail ? (
            <button type="button" className="btn btn-secondary job-big" disabled={busy || view.state === 'waiting'} onClick={() => send({ type: 'FAIL' })}>
              {m.steps.fail}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

function Finished({ view, send }: JobScreenViewProps) {
  const status = view.job?.status;
  return (
    <section className="job-card" aria-label={view.job ? m.jobHeading(view.job.reference) : m.title}>
      <p role="status" className="job-done">
        {status === 'delivered' ? m.delivered : status === 'returned' ? m.returned : m.cancelled}
      </p>
      <button type="button" className="btn job-big" onClick={() => send({ type: 'REFRESH' })}>
        {m.nextJob}
      </button>
    </section>
  );
}

export function JobScreenView({ view, send }: JobScreenViewProps) {
  const showsError = view.error && ['loading', 'offer', 'idle'].includes(view.state) ? view.error.message : null;
  return (
    <div className="job-screen">
      <h1>{m.title}</h1>
      {view.notice ? <p className="job-notice">{view.notice}</p> : null}
      {showsError ? (
        <p className="field-error" role="alert">
          {showsError}
        </p>
      ) : null}
      {view.state === 'loading' ? <p role="status">{m.loading}</p> : null}
      {view.state === 'loadFailed' ? (
        <div role="alert">
          <p>{m.loadFailed}</p>
          <button type="button" className="btn job-big" onClick={() => send({ type: 'RETRY' })}>
            {m.retry}
          </button>
        </div>
      ) : null}
      {view.state === 'idle' && view.availability ? <Availability view={view} send={send} /> : null}
      {['offer', 'accepting', 'declining'].includes(view.state) && view.offer ? <Offer view={view} send={send} /> : null}
      {['step', 'failing', 'keepingPhoto', 'queueing', 'sending', 'waiting'].includes(view.state) && view.job ? <Job view={view} send={send} /> : null}
      {view.state === 'finished' ? <Finished view={view} send={send} /> : null}
      <p>
        <a href={paths.riderDashboard}>{m.backToDashboard}</a>
      </p>
    </div>
  );
}
