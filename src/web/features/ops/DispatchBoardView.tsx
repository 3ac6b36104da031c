/**
 * The dispatch board: the deliveries by state (those needing attention first), one delivery open
 * beside them with its record, timeline and the moves staff may make, and each rider's day with
 * the cash to collect. Draws the board machine's view model and the list's; sends their events.
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { PagedListView } from '../../../../machines/kit/pagedListMachine';
import type { DispatchBoardView as BoardView, RiderMoveKind } from '../../../../machines/ops/dispatchBoardMachine';
import { boardMessages as m } from '../../../shared/deliveries/boardMessages';
import type { BoardDetail, BoardItem, RiderToday } from '../../../shared/deliveries/dispatch';
import { dispatchMessages } from '../../../shared/deliveries/dispatchMessages';
import { bookingMessages } from '../../../shared/deliveries/bookingMessages';
import { formatNaira } from '../../../shared/deliveries/messages';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../../shared/deliveries/moves';
import { opsPaths } from '../../../shared/opsPaths';
import { describedByOf, FieldMessages } from '../../kit/components/Field';
import { formatWhen, OpsFilter, OpsList } from './OpsList';
import { OpsLoadFailed, OpsSkeleton } from './OpsLoadState';
import { OpsTable } from './OpsTable';
import type { DispatchBoardSend, DispatchListSend } from './useDispatchBoard';
import './dispatch.css';

/** A rider as staff read them: the name, and the username unless the name is it. */
const riderText = (r: { name: string; username: string }) => (r.name === `@${r.username}` ? r.name : `${r.name} (@${r.username})`);
const statusName = (status: string) => dispatchMessages.statusNames[status as DeliveryStatus] ?? status;
const attentionTone = { failed: 'bad', late_pickup: 'bad', unassigned: 'new' } as const;

function placeText(place: Record<string, unknown>): string {
  const parts = ['address', 'landmark', 'area', 'city', 'country'].map((k) => place[k]).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return parts.join(', ') || '—';
}

function contactText(place: Record<string, unknown>): string {
  // The sender's {name, phone, email}; a pickup's or drop-off's contact_name, contact_phone, contact_email.
  return ['name', 'phone', 'email', 'contact_name', 'contact_phone', 'contact_email'].map((k) => place[k]).filter((v): v is string => typeof v === 'string' && v !== '').join(' · ');
}

function routeText(item: BoardItem): string {
  return `${item.pickup_area ?? '—'} → ${item.dropoff_area ?? '—'}`;
}

export interface DispatchBoardProps {
  view: BoardView;
  list: PagedListView<BoardItem>;
  send: DispatchBoardSend;
  sendList: DispatchListSend;
}

export function DispatchBoardView({ view, list, send, sendList }: DispatchBoardProps) {
  const detailOpen = view.detail.state !== 'closed';
  return (
    <section aria-labelledby="ops-board-heading" className="ops-board" data-detail-open={detailOpen || undefined}>
      <h1 id="ops-board-heading">{m.heading}</h1>
      <p className="ops-board-live" role="status" data-live={view.live}>
        {m.live[view.live]}
      </p>
      <div className="ops-board-grid">
        <div className="ops-board-list">
          <div className="ops-toolbar">
            <OpsFilter
              id="ops-board-status"
              label={m.filterStatus}
              value={list.filters.status ?? ''}
              options={[{ value: '', label: m.filterOpen }, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: dispatchMessages.statusNames[s] }))]}
              onChange={(value) => sendList({ type: 'SET_FILTER', name: 'status', value })}
            />
          </div>
          <OpsList view={list} send={sendList} label={m.listLabel} empty={m.empty}>
            {(items) => <BoardTable items={items} selectedId={view.detail.id} />}
          </OpsList>
        </div>
        {detailOpen ? <DeliveryPanel view={view} send={send} /> : null}
      </div>
      <RidersToday riders={view.riders} onRetry={() => send({ type: 'RETRY_RIDERS' })} />
    </section>
  );
}

function BoardTable({ items, selectedId }: { items: BoardItem[]; selectedId: string | null }) {
  const c = m.columns;
  return (
    <OpsTable caption={m.listLabel} columns={[c.reference, c.status, c.route, c.pickup, c.rider, c.price]}>
      {items.map((item) => (
        <tr key={item.id} aria-current={item.id === selectedId ? 'true' : undefined}>
          <td data-label={c.reference}>
            <Link to={`${opsPaths.deliveries}/$id`} params={{ id: item.id }}>
              {item.reference}
            </Link>
            {item.attention ? (
              <>
                {' '}
                <span className="ops-badge" data-tone={attentionTone[item.attention]}>
                  {m.attention[item.attention]}
                </span>
              </>
            ) : null}
            {item.no_rider_found ? (
              <>
                {' '}
                <span className="ops-badge">{m.noRiderFound}</span>
              </>
            ) : null}
          </td>
          <td data-label={c.status}>{statusName(item.status)}</td>
          <td data-label={c.route}>{routeText(item)}</td>
          <td data-label={c.pickup}>{item.pickup_at ? formatWhen(item.pickup_at) : m.asap}</td>
          <td data-label={c.rider}>{item.rider ? riderText(item.rider) : m.noRider}</td>
          <td data-label={c.price}>{formatNaira(item.price_kobo)}</td>
        </tr>
      ))}
    </OpsTable>
  );
}

function DeliveryPanel({ view, send }: { view: BoardView; send: DispatchBoardSend }) {
  const d = view.detail;
  return (
    <aside className="ops-board-detail" aria-labelledby="ops-board-detail-heading" aria-busy={d.busy || d.state === 'refreshing'}>
      <p>
        <Link to={opsPaths.deliveries}>{m.close}</Link>
      </p>
      {d.state === 'loading' ? (
        <>
          <h2 id="ops-board-detail-heading">{m.detailLabel}</h2>
          <OpsSkeleton label={m.detailLoading} />
        </>
      ) : d.state === 'failed' || !d.delivery ? (
        <>
          <h2 id="ops-board-detail-heading">{m.detailLabel}</h2>
          <OpsLoadFailed message={m.detailFailed} error={d.error} onRetry={() => send({ type: 'RETRY_DETAIL' })} />
        </>
      ) : (
        <DeliveryRecord delivery={d.delivery} view={view} send={send} />
      )}
    </aside>
  );
}

function DeliveryRecord({ delivery, view, send }: { delivery: BoardDetail; view: BoardView; send: DispatchBoardSend }) {
  const d = view.detail;
  const rows: Array<[string, string]> = [
    [m.sender, contactText(delivery.sender) || '—'],
    [m.pickup, `${placeText(delivery.pickup)}${contactText(delivery.pickup) ? ` (${contactText(delivery.pickup)})` : ''}`],
    [m.dropoff, `${placeText(delivery.dropoff)}${contactText(delivery.dropoff) ? ` (${contactText(delivery.dropoff)})` : ''}`],
    [m.parcel, delivery.description || '—'],
    [m.rider, delivery.rider ? riderText(delivery.rider) : m.noRider],
    [m.price, formatNaira(delivery.price_kobo)],
    [m.riderPay, delivery.rider_pay_kobo === null ? '—' : formatNaira(delivery.rider_pay_kobo)],
    [m.payment, bookingMessages.payments[delivery.payment as keyof typeof bookingMessages.payments] ?? delivery.payment],
  ];
  if (delivery.cash_collected_kobo !== null) rows.push([m.cashCollected, formatNaira(delivery.cash_collected_kobo)]);
  if (delivery.failure_reason) {
    const reason = dispatchMessages.failureReasons[delivery.failure_reason as keyof typeof dispatchMessages.failureReasons] ?? delivery.failure_reason;
    rows.push([m.failure, delivery.failure_note ? `${reason}: ${delivery.failure_note}` : reason]);
  }
  if (delivery.cancel_reason) rows.push([m.cancelReason, delivery.cancel_reason]);
  return (
    <>
      <h2 id="ops-board-detail-heading">
        {delivery.reference} · {statusName(delivery.status)}
      </h2>
      {d.fieldError?.field === 'alert' ? (
        <p className="field-error" role="alert">
          {d.fieldError.message}
        </p>
      ) : null}
      <Moves delivery={delivery} view={view} send={send} />
      <dl className="ops-board-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {delivery.offers.length > 0 ? (
        <>
          <h3>{m.offers}</h3>
          <ul className="ops-board-offers">
            {delivery.offers.map((o) => (
              <li key={o.id}>
                {o.rider_name} · {o.status} · {formatWhen(o.created_at)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>{m.timeline}</h3>
      {delivery.events.length === 0 ? (
        <p>{m.noEvents}</p>
      ) : (
        <ol className="ops-board-timeline">
          {delivery.events.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <time dateTime={e.at}>{formatWhen(e.at)}</time> · {statusName(e.status)} · {m.actors[e.actor] ?? e.actor}
              {e.staff_email ? ` ${m.byStaff(e.staff_email)}` : ''}
              {e.note ? ` · ${e.note}` : ''}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

const pickLabel: Record<RiderMoveKind, string> = { assign: m.moves.assign, reassign: m.moves.reassign, offer: m.moves.offerTo };

function Moves({ delivery, view, send }: { delivery: BoardDetail; view: BoardView; send: DispatchBoardSend }) {
  const d = view.detail;
  const busy = d.state === 'moving';
  if (d.state === 'choosingRider' || (busy && d.move !== 'cancel' && d.riderId !== '')) return <RiderPicker view={view} send={send} />;
  if (d.state === 'cancelling' || (busy && d.move === 'cancel')) return <CancelForm view={view} send={send} />;
  if (d.state === 'confirmingReturned' || (busy && d.move === 'returned')) return <ConfirmReturned busy={busy} send={send} />;
  const can = (action: string) => delivery.actions.includes(action as never);
  const buttons: Array<{ key: string; label: string; event: Parameters<DispatchBoardSend>[0]; tone?: string }> = [];
  if (can('assign')) buttons.push({ key: 'assign', label: m.moves.assign, event: { type: 'PICK_RIDER', move: 'assign' } });
  if (can('reassign')) buttons.push({ key: 'reassign', label: m.moves.reassign, event: { type: 'PICK_RIDER', move: 'reassign' } });
  if (can('offer')) {
    buttons.push({ key: 'offerNearby', label: m.moves.offerNearby, event: { type: 'OFFER_NEARBY' } });
    buttons.push({ key: 'offerTo', label: m.moves.offerTo, event: { type: 'PICK_RIDER', move: 'offer' } });
  }
  if (can('retry')) buttons.push({ key: 'retry', label: m.moves.retry, event: { type: 'RESOLVE', move: 'retry' } });
  if (can('return')) buttons.push({ key: 'return', label: m.moves.return, event: { type: 'RESOLVE', move: 'return' } });
  if (can('returned')) buttons.push({ key: 'returned', label: m.moves.returned, event: { type: 'START_RETURNED' } });
  if (can('cancel')) buttons.push({ key: 'cancel', label: m.moves.cancel, event: { type: 'START_CANCEL' }, tone: 'danger' });
  if (buttons.length === 0) return <p>{m.noActions}</p>;
  return (
    <div className="ops-board-moves" role="group" aria-label={m.actionsLabel}>
      {buttons.map((b) => (
        <button
          key={b.key}
          type="button"
          className={b.tone === 'danger' ? 'btn btn-secondary btn-danger' : 'btn btn-secondary'}
          disabled={busy || d.state === 'refreshing'}
          onClick={() => send(b.event)}
        >
          {busy && (d.move === b.key || (b.key === 'offerNearby' && d.move === 'offer')) ? m.working : b.label}
        </button>
      ))}
    </div>
  );
}

interface MoveFormProps {
  title: string;
  submit: string;
  danger?: boolean;
  busy: boolean;
  send: DispatchBoardSend;
  children: ReactNode;
}

/** A board move asked for once more before it is sent: its title, what it needs, then send or back. */
function MoveForm({ title, submit, danger = false, busy, send, children }: MoveFormProps) {
  return (
    <form
      className="ops-board-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <h3>{title}</h3>
      {children}
      <div className="ops-board-moves">
        <button type="submit" className={danger ? 'btn btn-primary btn-danger' : 'btn btn-primary'} disabled={busy}>
          {busy ? m.working : submit}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => send({ type: 'BACK' })}>
          {m.back}
        </button>
      </div>
    </form>
  );
}

function RiderPicker({ view, send }: { view: BoardView; send: DispatchBoardSend }) {
  const d = view.detail;
  const move = (d.move ?? 'assign') as RiderMoveKind;
  const busy = d.state === 'moving';
  const error = d.fieldError?.field === 'rider_id' ? d.fieldError.message : null;
  return (
    <MoveForm title={pickLabel[move]} submit={m.submit[move]} busy={busy} send={send}>
      <div className="field">
        <label htmlFor="ops-board-rider">{m.riderLabel}</label>
        <select
          id="ops-board-rider"
          value={d.riderId}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf({ id: 'ops-board-rider', error, hint: m.riderHelp })}
          onChange={(event) => send({ type: 'RIDER_CHOSEN', riderId: event.target.value })}
        >
          <option value="">{d.choices.length === 0 ? m.noNearbyRiders : m.chooseRider}</option>
          {d.choices.map((r) => (
            <option key={r.id} value={r.id}>
              {m.riderOption(r.name, r.username, r.km, r.jobsToday)}
            </option>
          ))}
        </select>
        <FieldMessages id="ops-board-rider" error={error} hint={m.riderHelp} />
      </div>
    </MoveForm>
  );
}

function CancelForm({ view, send }: { view: BoardView; send: DispatchBoardSend }) {
  const d = view.detail;
  const busy = d.state === 'moving';
  const error = d.fieldError?.field === 'reason' ? d.fieldError.message : null;
  return (
    <MoveForm title={m.moves.cancel} submit={m.submit.cancel} danger busy={busy} send={send}>
      <div className="field">
        <label htmlFor="ops-board-reason">{m.reasonLabel}</label>
        <textarea
          id="ops-board-reason"
          rows={3}
          value={d.reason}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf({ id: 'ops-board-reason', error, hint: m.reasonHelp })}
          onChange={(event) => send({ type: 'REASON_CHANGED', value: event.target.value })}
        />
        <FieldMessages id="ops-board-reason" error={error} hint={m.reasonHelp} />
      </div>
    </MoveForm>
  );
}

/** Returned is final: said once more, then sent. */
function ConfirmReturned({ busy, send }: { busy: boolean; send: DispatchBoardSend }) {
  return (
    <MoveForm title={m.moves.returned} submit={m.submit.returned} busy={busy} send={send}>
      <p>{m.returnedConfirm}</p>
    </MoveForm>
  );
}

function RidersToday({ riders, onRetry }: { riders: BoardView['riders']; onRetry: () => void }) {
  const c = m.ridersColumns;
  return (
    <section aria-labelledby="ops-board-riders-heading" className="ops-board-riders">
      <h2 id="ops-board-riders-heading">{m.ridersHeading}</h2>
      {riders.state === 'loading' && riders.items.length === 0 ? (
        <OpsSkeleton label={m.ridersLoading} />
      ) : riders.state === 'failed' ? (
        <OpsLoadFailed message={m.ridersFailed} error={riders.error} onRetry={onRetry} />
      ) : riders.items.length === 0 ? (
        <p className="ops-empty">{m.ridersEmpty}</p>
      ) : (
        <OpsTable caption={m.ridersHeading} columns={[c.rider, c.available, c.areas, c.jobs, c.cash]}>
          {riders.items.map((rider: RiderToday) => (
            <tr key={rider.id}>
              <td data-label={c.rider}>
                <Link to={`${opsPaths.riders}/$id`} params={{ id: rider.id }}>
                  {riderText(rider)}
                </Link>
                {rider.phone ? ` · ${rider.phone}` : ''}
              </td>
              <td data-label={c.available}>{rider.available ? m.availableYes : m.availableNo}</td>
              <td data-label={c.areas}>{rider.areas.join(', ') || '—'}</td>
              <td data-label={c.jobs}>{rider.jobs.length === 0 ? '—' : rider.jobs.map((j) => `${j.reference} (${statusName(j.status)})`).join(', ')}</td>
              <td data-label={c.cash}>{formatNaira(rider.cash_to_collect_kobo)}</td>
            </tr>
          ))}
        </OpsTable>
      )}
    </section>
  );
}
