/**
 * "Available for deliveries", drawn from the availability machine's view
 * (machines/deliveries/availabilityMachine.ts): whether the rider takes deliveries, why they
 * cannot (the server's sentence), the areas they cover and the switch. The same on the rider
 * dashboard's card and on the job screen; each passes what goes below it.
 */
import type { ReactNode } from 'react';
import type { AvailabilityEvent, AvailabilityView } from '../../../../machines/deliveries/availabilityMachine';
import { availabilityMessages as a } from '../../../shared/deliveries/availabilityMessages';
import './availability.css';

export interface AvailabilitySwitchProps {
  view: AvailabilityView;
  send: (event: AvailabilityEvent) => void;
  /** Below the switch: the job screen's "Check for offers", the dashboard's link to the job screen. */
  children?: ReactNode;
}

export function AvailabilitySwitch({ view, send, children }: AvailabilitySwitchProps) {
  const busy = view.state === 'switching';
  const ready = view.state === 'ready' || busy;
  return (
    <section className="availability" aria-labelledby="availability-title">
      <h2 id="availability-title">{a.availability}</h2>
      {view.state === 'loading' ? <p role="status">{a.availabilityLoading}</p> : null}
      {view.state === 'loadFailed' ? (
        <div role="alert">
          <p>{a.availabilityLoadFailed}</p>
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>
            {a.retry}
          </button>
        </div>
      ) : null}
      {ready ? (
        <>
          <p role="status">{view.notice ?? (view.available ? a.availableNow : a.notAvailable)}</p>
          {view.blocked ? <p className="field-note">{view.blocked}</p> : null}
          {view.alert ? (
            <p className="field-error" role="alert">
              {view.alert}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor="availability-areas">{a.areas}</label>
            <input
              id="availability-areas"
              value={view.areasText}
              disabled={busy}
              aria-invalid={view.areasError ? true : undefined}
              aria-describedby={view.areasError ? 'availability-areas-error' : 'availability-areas-hint'}
              onChange={(e) => send({ type: 'AREAS', value: e.target.value })}
            />
            <p className="field-note" id="availability-areas-hint">
              {a.areasHint}
            </p>
            {view.areasError ? (
              <p className="field-error" id="availability-areas-error" role="alert">
                {view.areasError}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            className={`btn availability-switch${view.available ? ' btn-secondary' : ''}`}
            disabled={busy}
            onClick={() => send({ type: 'SWITCH', available: !view.available })}
          >
            {busy ? a.saving : view.available ? a.switchOff : a.switchOn}
          </button>
        </>
      ) : null}
      {children}
    </section>
  );
}
