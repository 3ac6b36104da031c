/**
 * "Request this rider" on the company's rider page. If the company already has an
 * open request or engagement with the rider, its card (status, countdown, withdraw or end)
 * shows instead. Otherwise the button opens the request form (the generic form machine without
 * a captcha: a signed-in company) — role, state and area from /api/locations, start date, pay
 * and a message — and a sent request becomes its card.
 *
 * Contract (the rider page imports it): `<HireRequestPanel username displayName />`.
 */
import { useCallback, useEffect, useState } from 'react';
import { hireRequestForm, lagosToday, type HireActionResponse, type HireItem } from '../../../shared/hiring';
import { areaNames, findState, stateNames, type LocationState } from '../../../shared/locations';
import { messages } from '../../../shared/messages';
import { Combobox } from '../../kit/components/Combobox';
import { Field } from '../../kit/components/Field';
import { useFormMachine } from '../../kit/forms/useFormMachine';
import { EngagementCard } from './EngagementCard';
import { hiringApi } from './hiringApi';
import './hiring.css';
import { loadLocations } from '../../kit/locations/locationsApi';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; open: HireItem | null };

export interface HireRequestPanelProps {
  username: string;
  displayName: string;
}

function useOpenRequest(username: string): [Loaded, (item: HireItem) => void, () => void] {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    hiringApi.list({ status: 'open', rider: username }).then(
      (page) => live && setLoaded({ state: 'ready', open: page.items[0] ?? null }),
      () => live && setLoaded({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [username, attempt]);
  return [loaded, (item) => setLoaded({ state: 'ready', open: item }), () => setAttempt((n) => n + 1)];
}

function useHireLocations(enabled: boolean): { states: LocationState[] | null; failed: boolean } {
  const [states, setStates] = useState<LocationState[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled || states) return;
    let live = true;
    loadLocations().then(
      (data) => live && setStates(data),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [enabled, states]);
  return { states, failed };
}

function HireRequestForm({
  username,
  displayName,
  onSent,
  onCancel,
}: HireRequestPanelProps & { onSent: (item: HireItem) => void; onCancel: () => void }) {
  const { view, send } = useFormMachine({
    form: hireRequestForm,
    captcha: false,
    submit: (values) => hiringApi.send({ ...values, rider: username }),
    successMessage: (output) => (output as HireActionResponse).message,
    onSuccess: (output) => onSent((output as HireActionResponse).item),
  });
  const { states, failed } = useHireLocations(true);
  useEffect(() => {
    send({ type: 'CHANGE', field: 'rider', value: username });
  }, [send, username]);
  const values = view.values;
  const towns = states ? areaNames(findState(states, values.state ?? '')) : [];
  const change = (field: string) => (value: string) => send({ type: 'CHANGE', field, value });
  const select = (field: 'state' | 'town', options: string[], placeholder: string) => (
    <Combobox
      id={`hire-${field}`}
      name={field}
      label={messages.hireLabels[field]}
      value={values[field] ?? ''}
      options={options}
      placeholder={placeholder}
      error={view.fieldError(field)}
      onValueChange={(value) => {
        change(field)(value);
        if (field === 'state') change('town')('');
      }}
    />
  );
  const riderError = view.fieldError('rider');
  return (
    <form
      className="hire-form"
      noValidate
      aria-labelledby="hire-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <h2 id="hire-form-title">{messages.hireRequestHeading(displayName)}</h2>
      <p className="hire-intro">{messages.hireRequestIntro}</p>
      {riderError ? (
        <p className="hire-alert" role="alert">
          {riderError}
        </p>
      ) : null}
      <Field name="role" id="hire-role" label={messages.hireLabels.role} hint={messages.hireHints.role} value={values.role ?? ''} error={view.fieldError('role')} onValueChange={change('role')} maxLength={hireRequestForm.fields.role.maxLength} />
      {failed ? (
        <p className="hire-alert" role="alert">
          {messages.hireLocationsFailed}
        </p>
      ) : null}
      {select('state', states ? stateNames(states) : [], messages.hireSelectState)}
      {select('town', towns, messages.hireSelectTown)}
      <Field name="start_date" id="hire-start_date" type="date" min={lagosToday()} label={messages.hireLabels.start_date} value={values.start_date ?? ''} error={view.fieldError('start_date')} onValueChange={change('start_date')} />
      <Field name="pay_note" id="hire-pay_note" label={messages.hireLabels.pay_note} hint={messages.hireHints.pay_note} value={values.pay_note ?? ''} error={view.fieldError('pay_note')} onValueChange={change('pay_note')} maxLength={hireRequestForm.fields.pay_note.maxLength} />
      <Field name="message" id="hire-message" multiline label={messages.hireLabels.message} hint={messages.hireHints.message} value={values.message ?? ''} error={view.fieldError('message')} onValueChange={change('message')} maxLength={hireRequestForm.fields.message.maxLength} />
      <div className="hire-actions">
        <button type="submit" className="btn" disabled={view.busy}>
          {view.busy ? messages.hireSending : messages.hireSendRequest}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={view.busy}>
          {messages.hireCancel}
        </button>
      </div>
    </form>
  );
}

export function HireRequestPanel({ username, displayName }: HireRequestPanelProps) {
  const [loaded, setOpen, retry] = useOpenRequest(username);
  const [formOpen, setFormOpen] = useState(false);
  // Once the open request is closed (withdrawn, declined, expired, ended), a new one may be sent.
  const [closed, setClosed] = useState(false);
  const onStatus = useCallback((status: HireItem['status']) => setClosed(status !== 'requested' && status !== 'active'), []);
  const requestButton = (
    <button type="button" className="btn btn-large" onClick={() => setFormOpen(true)}>
      {messages.hireRequestThisRider}
    </button>
  );
  return (
    <section className="hire-panel" aria-label={messages.hireRequestThisRider}>
      {loaded.state === 'loading' ? (
        <p role="status">{messages.hireLoading}</p>
      ) : loaded.state === 'failed' ? (
        <div role="alert">
          <p>{messages.hireLoadFailed}</p>
          <button type="button" className="btn btn-secondary" onClick={retry}>
            {messages.tryAgain}
          </button>
        </div>
      ) : loaded.open && !(closed && formOpen) ? (
        <>
          <h2>{messages.hireOpenWithRider}</h2>
          <EngagementCard key={loaded.open.id} item={loaded.open} onStatus={onStatus} />
          {closed ? <div className="hire-actions">{requestButton}</div> : null}
        </>
      ) : formOpen ? (
        <HireRequestForm
          username={username}
          displayName={displayName}
          onSent={(item) => {
            setFormOpen(false);
            setClosed(false);
            setOpen(item);
          }}
          onCancel={() => setFormOpen(false)}
        />
      ) : (
        requestButton
      )}
    </section>
  );
}
