/**
 * "Send a parcel": the trip with an estimate while typing, the held price line by line with the
 * pickup and drop-off details, and the booked delivery with its tracking link. It renders the
 * booking machine's view model and sends its events; it keeps no workflow state.
 */
import { Link } from '@tanstack/react-router';
import { useRef, type ReactNode } from 'react';
import type { BookingEvent } from '../../../../machines/deliveries/bookingMachine';
import type { BookingEnd, BookingField } from '../../../../machines/deliveries/bookingRules';
import type { BookingView } from '../../../../machines/deliveries/bookingView';
import { bookingMessages as b } from '../../../shared/deliveries/bookingMessages';
import { deliveryMessages } from '../../../shared/deliveries/messages';
import { COUNTRIES, PARCEL_SIZES, PAYMENTS } from '../../../shared/deliveries/rateCard';
import { paths } from '../../../shared/routes';
import { CaptchaRegion } from '../../kit/components/Captcha';
import { Combobox } from '../../kit/components/Combobox';
import { describedByOf, Field, FieldMessages } from '../../kit/components/Field';
import { useFocusFirstInvalid } from '../../kit/forms/useFocusFirstInvalid';
import { newIdempotencyKey } from './useBooking';
import './deliveries.css';

export interface SendParcelViewProps {
  view: BookingView;
  send: (event: BookingEvent) => void;
}

const ID = 'send';
const idOf = (field: string) => `${ID}-${field.replace(/[._]/g, '-')}`;

function Select({
  field,
  view,
  send,
  options,
  placeholder,
}: SendParcelViewProps & { field: BookingField; options: readonly { value: string; label: string }[]; placeholder?: string }) {
  const id = idOf(field);
  const error = view.fieldError(field);
  return (
    <div className="field">
      <label htmlFor={id}>{b.labels[field as keyof typeof b.labels]}</label>
      <select
        id={id}
        name={field}
        value={view.values[field]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf({ id, error })}
        onChange={(e) => send({ type: 'CHANGE', field, value: e.target.value })}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} error={error} />
    </div>
  );
}

function Choices({ field, view, send, options }: SendParcelViewProps & { field: BookingField; options: readonly { value: string; label: string }[] }) {
  const id = idOf(field);
  const error = view.fieldError(field);
  return (
    <fieldset className="field send-choices" aria-describedby={describedByOf({ id, error })} aria-invalid={error ? true : undefined}>
      <legend>{b.labels[field as keyof typeof b.labels]}</legend>
      {options.map((o) => (
        <label key={o.value} className="send-choice">
          <input
            type="radio"
            name={field}
            value={o.value}
            checked={view.values[field] === o.value}
            aria-invalid={error ? true : undefined}
            onChange={() => send({ type: 'CHANGE', field, value: o.value })}
          />
          <span>{o.label}</span>
        </label>
      ))}
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}

function TextField({ field, view, send, optional, hint, ...rest }: SendParcelViewProps & { field: BookingField; optional?: boolean; hint?: string } & Record<string, unknown>) {
  return (
    <Field
      id={idOf(field)}
      name={field}
      label={b.labels[field as keyof typeof b.labels]}
      hint={hint ?? (optional ? b.optional : undefined)}
      value={view.values[field]}
      error={view.fieldError(field)}
      onValueChange={(value) => send({ type: 'CHANGE', field, value })}
      {...rest}
    />
  );
}

/** A signed-in company's saved addresses: choosing one fills the end (its area too). */
function SavedChoice({ end, view, send }: SendParcelViewProps & { end: BookingEnd }) {
  if (view.savedChoices.length === 0) return null;
  const id = `${ID}-${end}-saved`;
  return (
    <div className="field">
      <label htmlFor={id}>{b.useSaved[end]}</label>
      <select id={id} value="" onChange={(e) => e.target.value && send({ type: 'USE_ADDRESS', end, id: e.target.value })}>
        <option value="">{b.chooseSaved}</option>
        {view.savedChoices.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Save this address for next time", and the name it is saved under. */
function SaveChoice({ end, view, send }: SendParcelViewProps & { end: BookingEnd }) {
  if (!view.canSave[end]) return null;
  const checked = view.values[`${end}.save`] === 'yes';
  return (
    <>
      <label className="send-choice">
        <input type="checkbox" name={`${end}.save`} checked={checked} onChange={(e) => send({ type: 'CHANGE', field: `${end}.save`, value: e.target.checked ? 'yes' : '' })} />
        <span>{b.saveThis[end]}</span>
      </label>
      {checked ? <TextField field={`${end}.save_label`} view={view} send={send} placeholder={b.saveLabelHint} /> : null}
    </>
  );
}

function Notice({ view }: { view: BookingView }) {
  if (!view.notice) return null;
  // The price given again, and an address saved, are news; anything else went wrong.
  const note = view.notice === b.requoted || view.notice === b.addressSaved(1) || view.notice === b.addressSaved(2);
  return (
    <p className={note ? 'send-note' : 'field-error send-notice'} role={note ? 'status' : 'alert'}>
      {view.notice}
    </p>
  );
}

function TripForm({ view, send }: SendParcelViewProps) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, view.focusInvalid);
  const pick = (field: BookingField, label: string) => (
    <Combobox
      id={idOf(field)}
      name={field}
      label={label}
      placeholder={b.selectArea}
      options={view.areas}
      value={view.values[field]}
      error={view.fieldError(field)}
      required
      onValueChange={(value) => send({ type: 'CHANGE', field, value })}
    />
  );
  const payments = PAYMENTS.filter((p) => !(view.abroad && p === 'cash_on_delivery'));
  return (
    <form
      ref={form}
      className="card form-card send-form"
      aria-labelledby={`${ID}-trip-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'QUOTE' });
      }}
    >
      <h2 id={`${ID}-trip-title`}>{b.tripHeading}</h2>
      <SavedChoice end="pickup" view={view} send={send} />
      {pick('pickup.area', b.labels['pickup.area'])}
      <Select field="dropoff.kind" view={view} send={send} options={(['lagos', 'abroad'] as const).map((k) => ({ value: k, label: b.kinds[k] }))} />
      {view.abroad ? (
        <>
          <Select field="dropoff.country" view={view} send={send} placeholder="" options={COUNTRIES.map((c) => ({ value: c, label: b.countries[c] }))} />
          <TextField field="dropoff.city" view={view} send={send} autoComplete="address-level2" />
          <p className="field-note">{b.abroadNote}</p>
          <div className="send-measures">
            <TextField field="parcel.weight_kg" view={view} send={send} inputMode="decimal" />
            <TextField field="parcel.length_cm" view={view} send={send} inputMode="decimal" />
            <TextField field="parcel.width_cm" view={view} send={send} inputMode="decimal" />
            <TextField field="parcel.height_cm" view={view} send={send} inputMode="decimal" />
          </div>
          <p className="field-note">{deliveryMessages.dutiesExcluded}</p>
        </>
      ) : (
        <>
          <SavedChoice end="dropoff" view={view} send={send} />
          {pick('dropoff.area', b.labels['dropoff.area'])}
          <Choices field="parcel.size" view={view} send={send} options={PARCEL_SIZES.map((s) => ({ value: s, label: b.sizes[s] }))} />
        </>
      )}
      <Select field="when" view={view} send={send} options={(['now', 'today', 'tomorrow'] as const).map((w) => ({ value: w, label: b.whens[w] }))} />
      {view.values.when === 'now' ? null : view.slots.length === 0 && view.values.when === 'today' ? (
        <p className="field-error" role="alert">
          {b.noTimesLeft}
        </p>
      ) : (
        <Select field="pickup_at" view={view} send={send} placeholder={b.chooseTime} options={view.slots.map((s) => ({ value: s, label: s }))} />
      )}
      <Choices field="payment" view={view} send={send} options={payments.map((p) => ({ value: p, label: b.payments[p] }))} />
      <div className="send-estimate" aria-live="polite">
        {view.estimate ? (
          <>
            <p className="send-estimate-price">{view.estimate}</p>
            <p className="field-note">{b.estimateNote}</p>
          </>
        ) : null}
      </div>
      <Notice view={view} />
      <button type="submit" className="btn send-submit" disabled={view.busy} aria-busy={view.busy}>
        {view.busy ? b.pricing : b.getPrice}
      </button>
      <p className="field-note">
        {b.otherStates} <Link to={paths.contactUs}>{b.otherStatesLink}</Link>
      </p>
    </form>
  );
}

function QuoteCard({ view, send }: SendParcelViewProps) {
  const quote = view.quote;
  return (
    <section className="card send-quote" aria-labelledby={`${ID}-quote-title`}>
      <h2 id={`${ID}-quote-title`}>{b.quoteHeading}</h2>
      {view.state === 'requoting' ? (
        <p role="status">{b.requoting}</p>
      ) : quote ? (
        <>
          <ul className="send-breakdown">
            {quote.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
          <p className="send-total">
            {b.total} <strong>{quote.total}</strong>
          </p>
          <p className="field-note">{quote.heldUntil}</p>
          {view.abroad ? <p className="field-note">{deliveryMessages.dutiesExcluded}</p> : null}
        </>
      ) : null}
      <button type="button" className="btn btn-secondary" disabled={view.busy} onClick={() => send({ type: 'EDIT_TRIP' })}>
        {b.changeTrip}
      </button>
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="send-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

function DetailsForm({ view, send }: SendParcelViewProps) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, view.focusInvalid);
  const busy = view.state === 'verifyingCaptcha' || view.state === 'booking';
  return (
    <form
      ref={form}
      className="card form-card send-form"
      aria-labelledby={`${ID}-details-title`}
      noValidate
      onFocus={() => send({ type: 'ENGAGE' })}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'BOOK' });
      }}
    >
      <h2 id={`${ID}-details-title`}>{b.detailsHeading}</h2>
      <Section title={b.pickupSection}>
        <TextField field="pickup.address" view={view} send={send} autoComplete="street-address" />
        <TextField field="pickup.landmark" view={view} send={send} optional placeholder={b.landmarkHint} />
        <TextField field="pickup.contact_name" view={view} send={send} />
        <TextField field="pickup.contact_phone" view={view} send={send} type="tel" inputMode="tel" placeholder="0803 123 4567" />
        <SaveChoice end="pickup" view={view} send={send} />
      </Section>
      <Section title={b.dropoffSection}>
        <TextField field="dropoff.address" view={view} send={send} />
        {view.abroad ? null : <TextField field="dropoff.landmark" view={view} send={send} optional placeholder={b.landmarkHint} />}
        <TextField field="dropoff.contact_name" view={view} send={send} />
        <TextField field="dropoff.contact_phone" view={view} send={send} type="tel" inputMode="tel" />
        <TextField field="dropoff.contact_email" view={view} send={send} hint={b.recipientEmailHint} type="email" inputMode="email" />
        <SaveChoice end="dropoff" view={view} send={send} />
      </Section>
      <TextField field="description" view={view} send={send} />
      <Section title={b.senderSection}>
        {view.company ? <p className="field-note">{b.companyNote}</p> : null}
        <TextField field="sender.name" view={view} send={send} autoComplete="name" />
        <TextField field="sender.phone" view={view} send={send} type="tel" inputMode="tel" autoComplete="tel" />
        <TextField field="sender.email" view={view} send={send} type="email" inputMode="email" autoComplete="email" />
      </Section>
      <CaptchaRegion show={view.showCaptcha} reserve={view.captchaSlot} resets={view.captchaResets} error={view.captchaError} send={send} />
      <button type="submit" className="btn send-submit" disabled={view.busy} aria-busy={busy}>
        {busy ? b.booking : b.book}
      </button>
    </form>
  );
}

function Booked({ view, send }: SendParcelViewProps) {
  const booked = view.booked!;
  return (
    <section className="card send-booked" aria-labelledby={`${ID}-booked-title`}>
      <h2 id={`${ID}-booked-title`}>{b.bookedHeading}</h2>
      <p role="status">{b.bookedText(booked.reference)}</p>
      <dl className="send-facts">
        <dt>{b.reference}</dt>
        <dd className="send-reference">{booked.reference}</dd>
        <dt>{b.price}</dt>
        <dd>{booked.price}</dd>
        <dt>{b.trackingLink}</dt>
        <dd className="send-url">
          <a href={booked.trackingUrl}>{booked.trackingUrl}</a>
        </dd>
      </dl>
      <p>{booked.emailLine}</p>
      {view.state === 'savingAddresses' ? <p role="status">{b.savingAddress}</p> : <Notice view={view} />}
      <p className="send-actions">
        <a className="btn" href={booked.whatsAppUrl} target="_blank" rel="noopener noreferrer">
          {b.shareWhatsApp}
        </a>
        <a className="btn btn-secondary" href={booked.trackingUrl}>
          {b.openTracking}
        </a>
      </p>
      <button type="button" className="btn btn-secondary" disabled={view.busy} onClick={() => send({ type: 'NEW_BOOKING', idempotencyKey: newIdempotencyKey() })}>
        {b.bookAnother}
      </button>
    </section>
  );
}

export function SendParcelView({ view, send }: SendParcelViewProps) {
  let body: ReactNode;
  if (view.state === 'booked' || view.state === 'savingAddresses') body = <Booked view={view} send={send} />;
  else if (view.state === 'trip' || view.state === 'quoting') body = <TripForm view={view} send={send} />;
  else
    body = (
      <>
        <QuoteCard view={view} send={send} />
        <Notice view={view} />
        <DetailsForm view={view} send={send} />
      </>
    );
  return (
    <section className="section send-parcel" aria-labelledby={`${ID}-title`}>
      <div className="container narrow">
        <h1 id={`${ID}-title`}>{b.title}</h1>
        <p className="lead">{b.intro}</p>
        {body}
      </div>
    </section>
  );
}
