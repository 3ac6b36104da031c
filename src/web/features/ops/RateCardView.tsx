/**
 * The console's "Rate card": the version in force, who saved it and when, the past versions,
 * and the figures (in naira) with sample trips priced by the shared price function. Admins edit
 * and save a new version after typing their password or a fresh code; dispatchers read.
 */
import { useEffect, useState } from 'react';
import type { RateCardEvent, RateCardView as View } from '../../../../machines/ops/rateCardMachine';
import { formatNaira } from '../../../shared/deliveries/messages';
import { draftDays, type RateCardField, type RateCardList } from '../../../shared/deliveries/rateCardForm';
import { rateCardMessages as m } from '../../../shared/deliveries/rateCardMessages';
import type { OpsMe } from '../../../shared/opsForms';
import { ConfirmDialog } from './ConfirmDialog';
import { OpsLoadFailed, OpsSkeleton } from './OpsLoadState';
import { formatWhen } from './OpsList';
import { opsApi } from './opsApi';
import { useRateCard } from './useRateCard';
import './staff.css';

const idOf = (name: string) => `rate-${name.replace(/[^a-zA-Z0-9]+/g, '-')}`;

/** A rush-hour window's days: a checkbox per day of the week, Sunday first as the card counts them. */
function DaysField({ field, view, send }: { field: RateCardField; view: View; send: (event: RateCardEvent) => void }) {
  const id = idOf(field.name);
  const error = view.errors[field.name];
  const index = field.item!.index;
  const on = new Set(draftDays(view.draft, index));
  return (
    <fieldset className="field ops-days" aria-describedby={error ? `${id}-error` : undefined}>
      <legend id={id}>{field.label}</legend>
      {m.dayShort.map((day, d) => (
        <label key={day} className="ops-day">
          <input
            type="checkbox"
            name={`${field.name}.${d}`}
            checked={on.has(d)}
            disabled={!view.canEdit || view.state !== 'ready'}
            onChange={() => send({ type: 'TOGGLE_DAY', index, day: d })}
          />{' '}
          {day}
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Field({ field, view, send }: { field: RateCardField; view: View; send: (event: RateCardEvent) => void }) {
  if (field.kind === 'days') return <DaysField field={field} view={view} send={send} />;
  const id = idOf(field.name);
  const error = view.errors[field.name];
  const busy = view.state !== 'ready';
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      <input
        id={id}
        name={field.name}
        type="text"
        inputMode={field.kind === 'time' ? 'numeric' : 'decimal'}
        placeholder={field.kind === 'time' ? 'HH:MM' : undefined}
        value={view.draft[field.name] ?? ''}
        readOnly={!view.canEdit}
        disabled={view.canEdit && busy}
        maxLength={16}
        onChange={(event) => send({ type: 'EDIT', name: field.name, value: event.target.value })}
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function RateCardView({ view, send }: { view: View; send: (event: RateCardEvent) => void }) {
  if (view.state === 'loading') return <OpsSkeleton label={m.loading} />;
  if (view.state === 'failed' || !view.data) return <OpsLoadFailed message={m.loadFailed} error={null} onRetry={() => send({ type: 'RETRY' })} />;
  const { current, versions } = view.data;
  const fields = view.fields;
  const groups = [...new Set(fields.map((f) => f.group))];
  const listOf = (group: string): RateCardList | null => fields.find((f) => f.group === group)?.item?.list ?? (group === m.groups.rush ? 'windows' : null);
  const editable = view.canEdit && view.state !== 'conflict';
  const who = (savedBy: string | null) => savedBy ?? m.shippedBy;
  return (
    <section aria-labelledby="ops-rate-card-heading" className="ops-rate-card">
      <h1 id="ops-rate-card-heading">{m.heading}</h1>
      <p>{m.versionLine(current.version, who(current.savedBy), formatWhen(current.savedAt))}</p>
      <p className="ops-muted">{m.intro}</p>
      {view.canEdit ? null : <p className="ops-muted">{m.readOnly}</p>}
      {view.notice ? (
        <p role="status" className="ops-notice">
          {view.notice}
        </p>
      ) : null}
      {view.state === 'conflict' ? (
        <div role="alert" className="ops-failed">
          <p>{m.conflict}</p>
          <button type="button" className="btn" onClick={() => send({ type: 'RELOAD' })}>
            {m.reload}
          </button>
        </div>
      ) : null}
      <form
        noValidate
        aria-label={m.heading}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SAVE' });
        }}
      >
        {groups.map((group) => {
          const list = listOf(group);
          const inGroup = fields.filter((f) => f.group === group);
          const loose = inGroup.filter((f) => !f.item);
          const items = [...new Set(inGroup.filter((f) => f.item).map((f) => f.item!.index))];
          return (
            <fieldset key={group}>
              <legend>{group}</legend>
              {loose.map((field) => (
                <Field key={field.name} field={field} view={view} send={send} />
              ))}
              {list
                ? items.map((index) => {
                    const label = list === 'bands' ? m.removeBand(index + 1) : m.removeWindow(index + 1);
                    return (
                      <div key={index} className="ops-rate-item">
                        {inGroup
                          .filter((f) => f.item?.index === index)
                          .map((field) => (
                            <Field key={field.name} field={field} view={view} send={send} />
                          ))}
                        {editable ? (
                          <button
                            type="button"
                            className="btn btn-secondary"
                            aria-label={label}
                            disabled={view.state !== 'ready' || (list === 'bands' && !view.canRemoveBand)}
                            onClick={() => send({ type: 'REMOVE', list, index })}
                          >
                            {m.remove}
                          </button>
                        ) : null}
                      </div>
                    );
                  })
                : null}
              {list && editable ? (
                <button type="button" className="btn btn-secondary" disabled={view.state !== 'ready' || !view.canAdd[list]} onClick={() => send({ type: 'ADD', list })}>
                  {list === 'bands' ? m.addBand : m.addWindow}
                </button>
              ) : null}
              {list && view.errors[list === 'bands' ? 'lagos.distanceBands' : 'lagos.rushHours.windows'] ? (
                <p className="field-error">{view.errors[list === 'bands' ? 'lagos.distanceBands' : 'lagos.rushHours.windows']}</p>
              ) : null}
            </fieldset>
          );
        })}
        {view.alert ? (
          <p role="alert" className="field-error">
            {view.alert}
          </p>
        ) : null}
        {view.canEdit && view.state !== 'conflict' ? (
          <div className="ops-actions">
            <button type="submit" className="btn" disabled={view.state !== 'ready'}>
              {view.state === 'saving' ? m.saving : m.save}
            </button>
            <button type="button" className="btn btn-secondary" disabled={view.state !== 'ready' || !view.changed} onClick={() => send({ type: 'DISCARD' })}>
              {m.discard}
            </button>
          </div>
        ) : null}
      </form>
      <section aria-labelledby="ops-rate-preview">
        <h2 id="ops-rate-preview">{m.previewHeading}</h2>
        <p className="ops-muted">{m.previewNote}</p>
        <table className="ops-table">
          <thead>
            <tr>
              <th scope="col">{m.previewColumns.trip}</th>
              <th scope="col">{m.previewColumns.current}</th>
              <th scope="col">{m.previewColumns.draft}</th>
            </tr>
          </thead>
          <tbody>
            {view.preview.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.currentKobo === null ? '—' : formatNaira(row.currentKobo)}</td>
                <td>{row.draftKobo === null ? '—' : formatNaira(row.draftKobo)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="ops-rate-history">
        <h2 id="ops-rate-history">{m.history}</h2>
        {versions.length <= 1 ? <p className="ops-muted">{m.historyEmpty}</p> : null}
        <ul>
          {versions.map((v) => (
            <li key={v.version}>{m.historyItem(v.version, who(v.savedBy), formatWhen(v.savedAt))}</li>
          ))}
        </ul>
      </section>
      {view.state === 'confirming' || view.state === 'saving' ? (
        <ConfirmDialog
          title={m.confirmTitle}
          confirmLabel={m.confirmLabel}
          busy={view.state === 'saving'}
          error={view.confirmError}
          onConfirm={(confirmation) => send({ type: 'CONFIRM', confirmation })}
          onCancel={() => send({ type: 'CANCEL' })}
        >
          <p>{m.confirmHelp}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** The page at /ops/rate-card: asks who is signed in (admins edit), then runs the machine. */
export function OpsRateCardScreen() {
  const [me, setMe] = useState<OpsMe | null>(null);
  useEffect(() => {
    let live = true;
    opsApi<OpsMe>('/me').then(
      (answer) => live && setMe(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!me) return <OpsSkeleton label={m.loading} />;
  return <RateCardPage canEdit={me.role === 'admin'} />;
}

export function RateCardPage({ canEdit, inspect }: { canEdit: boolean; inspect?: Parameters<typeof useRateCard>[1] }) {
  const { view, send } = useRateCard(canEdit, inspect);
  return <RateCardView view={view} send={send} />;
}
