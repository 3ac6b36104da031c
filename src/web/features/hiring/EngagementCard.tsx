/**
 * One hire request or engagement, as the company or the rider sees it (machines/
 * engagementMachine.ts): who, what, where, when and the pay; the countdown of a request waiting
 * for an answer; the other side's contact with call, WhatsApp and e-mail links once accepted;
 * the moves this side may make, ending with a confirmation and how it ended; and, under an
 * ended engagement, the review slot the route supplies. Thin: everything comes from the view.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { EngagementEvent, EngagementView } from '../../../../machines/hiring/engagementMachine';
import { timeLeftText, type EngagementAction, type HireItem } from '../../../shared/hiring';
import { messages } from '../../../shared/messages';
import { useEngagement } from './useEngagement';
import './hiring.css';

const API_BASE = '/api';

export type ReviewSlot = (engagement: { id: string; status: string; review_deadline: string | null }) => ReactNode;

const ACTION_LABEL: Record<EngagementAction, string> = {
  accept: messages.hireAccept,
  decline: messages.hireDecline,
  withdraw: messages.hireWithdraw,
  end: messages.hireEnd,
};
const BUSY_LABEL: Record<string, string> = {
  accepting: messages.hireAccepting,
  declining: messages.hireDeclining,
  withdrawing: messages.hireWithdrawing,
  ending: messages.hireEnding,
};
const EVENT: Record<EngagementAction, EngagementEvent['type']> = { accept: 'ACCEPT', decline: 'DECLINE', withdraw: 'WITHDRAW', end: 'END' };

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Africa/Lagos' }).format(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));

function Contact({ contact, level }: { contact: NonNullable<HireItem['contact']>; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h3' : 'h4';
  return (
    <div className="hire-contact">
      <Heading>{messages.hireContactHeading}</Heading>
      {contact.name ? <p className="hire-contact-name">{contact.name}</p> : null}
      <div className="hire-contact-links">
        {contact.phone ? (
          <a className="btn btn-secondary" href={`tel:${contact.phone}`}>
            {messages.hireCall(contact.phone)}
          </a>
        ) : (
          <p>{messages.hireNoPhone}</p>
        )}
        {contact.whatsapp ? (
          <a className="btn btn-secondary" href={contact.whatsapp} target="_blank" rel="noopener noreferrer">
            {messages.hireWhatsApp}
          </a>
        ) : null}
        <a className="btn btn-secondary" href={`mailto:${contact.email}`}>
          {messages.hireEmail(contact.email)}
        </a>
      </div>
    </div>
  );
}

export function EngagementCardView({
  view,
  send,
  reviewSlot,
  now,
  headingLevel = 3,
}: {
  view: EngagementView;
  send: (event: EngagementEvent) => void;
  reviewSlot?: ReviewSlot;
  /** The clock of the countdown (stories pin it). */
  now?: Date;
  /** The card's title level: 2 on a page whose title is the list's h1, else 3. */
  headingLevel?: 2 | 3;
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const { item, side, status } = view;
  const titleId = `hire-${item.id}-title`;
  const party = side === 'rider' ? item.company : null;
  const picture = side === 'company' ? item.rider.picture : party?.logo ?? null;
  // The company knows the rider by the full name once they accepted, before that as "Ada O.".
  const title = side === 'rider' ? messages.hireCompanyRequests(item.company.name) : (item.rider.full_name ?? item.rider.display_name);
  const left = status === 'requested' ? timeLeftText(item.expires_at, now) : null;
  const activity = view.activity;
  return (
    <article className={`hire-card hire-${status}`} aria-labelledby={titleId} aria-busy={view.busy || undefined}>
      <header className="hire-card-head">
        {picture ? <img src={`${API_BASE}${picture.url}`} alt="" width={48} height={48} className="hire-avatar" /> : null}
        <div>
          <Title id={titleId}>{title}</Title>
          {side === 'company' ? <p className="hire-sub">@{item.rider.username}</p> : null}
        </div>
        <span className={`hire-status hire-status-${status}`}>{messages.hireStatusLabels[status]}</span>
      </header>

      <dl className="hire-details">
        <div>
          <dt>{messages.hireLabels.role}</dt>
          <dd>{item.role}</dd>
        </div>
        <div>
          <dt>{messages.hireLabels.town}</dt>
          <dd>{messages.hireWhere(item.town, item.state)}</dd>
        </div>
        <div>
          <dt>{messages.hireLabels.start_date}</dt>
          <dd>{day(item.start_date)}</dd>
        </div>
        <div>
          <dt>{messages.hireLabels.pay_note}</dt>
          <dd>{item.pay_note}</dd>
        </div>
      </dl>
      {item.message ? <p className="hire-message">{item.message}</p> : null}
      <p className="hire-meta">
        {messages.hireSentOn(day(item.created_at))}
        {left ? <span className="hire-countdown"> · {messages.hireExpiresIn(left)}</span> : null}
        {status === 'ended' && item.ended_at ? (
          <span>
            {' '}
            · {messages.hireEndedOn(day(item.ended_at))} · {item.end_outcome === 'early' ? messages.hireEndedEarly : messages.hireEndedCompleted}
          </span>
        ) : null}
      </p>

      {item.contact ? <Contact contact={item.contact} level={headingLevel} /> : null}

      {view.alert ? (
        <p className="hire-alert" role="alert">
          {view.alert}
        </p>
      ) : null}
      {view.state === 'reloading' ? (
        <p className="hire-reloading" role="status">
          {messages.hireReloading}
        </p>
      ) : null}

      {activity === 'confirmingEnd' || activity === 'ending' ? (
        <fieldset className="hire-end" disabled={activity === 'ending'}>
          <legend>{messages.hireEndHeading}</legend>
          <p>{messages.hireEndQuestion}</p>
          {view.outcomes.map((outcome) => (
            <label key={outcome} className="hire-radio">
              <input
                type="radio"
                name={`hire-${item.id}-outcome`}
                value={outcome}
                checked={view.outcome === outcome}
                onChange={() => send({ type: 'CHOOSE_OUTCOME', outcome })}
              />
              {messages.hireOutcomeLabels[outcome]}
            </label>
          ))}
          <div className="hire-actions">
            <button type="button" className="btn btn-danger" disabled={!view.canConfirmEnd && activity !== 'ending'} onClick={() => send({ type: 'CONFIRM_END' })}>
              {activity === 'ending' ? messages.hireEnding : messages.hireEndConfirm}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'CANCEL' })}>
              {messages.hireEndCancel}
            </button>
          </div>
        </fieldset>
      ) : null}

      {activity === 'confirmingEarlyEnd' ? (
        <fieldset className="hire-end">
          <legend>{messages.hireEndHeading}</legend>
          <p className="hire-early-warning" id={`hire-${item.id}-early`}>
            {view.earlyEndWarning}
          </p>
          <div className="hire-actions">
            <button type="button" className="btn btn-danger" aria-describedby={`hire-${item.id}-early`} onClick={() => send({ type: 'CONFIRM_END' })}>
              {messages.hireEndConfirm}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'CANCEL' })}>
              {messages.hireEndCancel}
            </button>
          </div>
        </fieldset>
      ) : null}

      {activity && activity !== 'idle' && activity !== 'confirmingEnd' && activity !== 'confirmingEarlyEnd' && activity !== 'ending' ? (
        <div className="hire-actions">
          <button type="button" className="btn" disabled>
            {BUSY_LABEL[activity]}
          </button>
        </div>
      ) : view.actions.length > 0 ? (
        <div className="hire-actions">
          {view.actions.map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'accept' ? 'btn' : 'btn btn-secondary'}
              onClick={() => send({ type: EVENT[action] } as EngagementEvent)}
            >
              {ACTION_LABEL[action]}
            </button>
          ))}
        </div>
      ) : null}

      {status === 'ended' && reviewSlot ? <div className="hire-review">{reviewSlot({ id: item.id, status: item.status, review_deadline: item.review_deadline })}</div> : null}
    </article>
  );
}

/** The countdown's clock: a new time each minute while a request waits for an answer. */
function useMinuteClock(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** A card with its own actor, for a list item or the rider page's panel. */
export function EngagementCard({
  item,
  reviewSlot,
  inspect,
  onStatus,
  headingLevel,
}: {
  item: HireItem;
  reviewSlot?: ReviewSlot;
  headingLevel?: 2 | 3;
  inspect?: Parameters<typeof useEngagement>[2];
  /** Told the status whenever it changes (the rider page offers a new request once this one is closed). */
  onStatus?: (status: HireItem['status']) => void;
}) {
  const { view, send } = useEngagement(item, item.side, inspect);
  useEffect(() => {
    onStatus?.(view.status);
  }, [onStatus, view.status]);
  const now = useMinuteClock(view.status === 'requested');
  return <EngagementCardView view={view} send={send} reviewSlot={reviewSlot} now={now} headingLevel={headingLevel} />;
}
