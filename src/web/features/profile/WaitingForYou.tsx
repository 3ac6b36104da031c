/**
 * "Waiting for you" at the top of the rider dashboard: the hire requests to answer, the reviews
 * to write and an ID to upload again (GET /api/users/waiting), each with what to do. It runs the
 * kit's list machine (machines/kit/pagedListMachine.ts: loading, the list, failed and Try again,
 * read again when the rider comes back to the tab). An e-mail about one item links to it
 * (/rider-dashboard?item=request-<id>, kept through the login: kit/session/waitingLink.ts): once
 * the list is on screen the page scrolls to that item and focuses it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise, type InspectionEvent } from 'xstate';
import { pagedListMachine, pagedListView, type ListFilters, type ListPage, type PagedListEvent, type PagedListView } from '../../../../machines/kit/pagedListMachine';
import { lagosDate } from '../../../shared/invitations';
import { messages } from '../../../shared/messages';
import { waitingElementId, waitingItemKey, type WaitingItem } from '../../../shared/waiting';
import { waiting } from '../../kit/session/waiting';

export interface WaitingForYouViewProps {
  list: PagedListView<WaitingItem>;
  send: (event: PagedListEvent) => void;
  /** Opens the personal information modal, where the ID is uploaded. */
  onUploadId: () => void;
  /** The item a link was for (`request-<id>`, `review-<id>`, `id`), or null. */
  focusKey: string | null;
  /** Called once the linked item (or, when it is gone, the heading) has been focused. */
  onFocused?: () => void;
}

const HEADING_ID = 'waiting-heading';

function ItemText({ item }: { item: WaitingItem }) {
  if (item.kind === 'request') {
    return (
      <>
        <strong>{messages.waitingRequest(item.company, item.role)}</strong>
        <span className="waiting-due">{messages.waitingRequestDue(lagosDate(item.expires_at))}</span>
      </>
    );
  }
  if (item.kind === 'review') {
    return (
      <>
        <strong>{messages.waitingReview(item.company)}</strong>
        <span className="waiting-due">{messages.waitingReviewDue(lagosDate(item.deadline))}</span>
      </>
    );
  }
  return (
    <>
      <strong>{messages.waitingId}</strong>
      <span>{item.reason ?? messages.waitingIdHelp}</span>
    </>
  );
}

function ItemAction({ item, onUploadId }: { item: WaitingItem; onUploadId: () => void }) {
  if (item.kind === 'id') {
    return (
      <button type="button" className="btn btn-small" onClick={onUploadId}>
        {messages.waitingIdAction}
      </button>
    );
  }
  // The card further down, with its Accept/Decline or its review form (the hire card's title).
  return (
    <a className="btn btn-small" href={`#hire-${item.id}-title`}>
      {item.kind === 'request' ? messages.waitingRequestAction : messages.waitingReviewAction}
    </a>
  );
}

export function WaitingForYouView({ list, send, onUploadId, focusKey, onFocused }: WaitingForYouViewProps) {
  const focused = useRef(false);
  const keys = list.items.map((item) => waitingItemKey(item as { kind: WaitingItem['kind']; id?: string }));
  const linkedGone = focusKey !== null && list.state !== 'loading' && list.state !== 'failed' && !keys.includes(focusKey);
  // Once the list is on screen: the linked item, or (dealt with already) the heading and why.
  useEffect(() => {
    if (focused.current || focusKey === null || list.state === 'loading' || list.state === 'failed') return;
    focused.current = true;
    const target = document.getElementById(keys.includes(focusKey) ? waitingElementId(focusKey) : HEADING_ID);
    target?.scrollIntoView?.({ block: 'start' });
    target?.focus();
    onFocused?.();
  });
  // Most riders have nothing waiting: nothing shows while it is checked.
  if (list.state === 'loading') return null;
  if (list.state === 'failed') {
    return (
      <section className="card waiting" aria-labelledby={HEADING_ID}>
        <h2 id={HEADING_ID} tabIndex={-1}>
          {messages.waitingHeading}
        </h2>
        <div role="alert">
          <p>{messages.waitingLoadFailed}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => send({ type: 'RETRY' })}>
            {messages.tryAgain}
          </button>
        </div>
      </section>
    );
  }
  if (list.items.length === 0 && !linkedGone) return null;
  return (
    <section className="card waiting" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} tabIndex={-1}>
        {messages.waitingHeading}
        {list.items.length > 0 ? (
          <span className="waiting-count" role="img" aria-label={messages.waitingCount(list.items.length)}>
            {list.items.length}
          </span>
        ) : null}
      </h2>
      {linkedGone ? (
        <p className="waiting-done" role="status">
          {messages.waitingDone}
        </p>
      ) : null}
      {list.items.length > 0 ? (
        <>
          <p className="muted small">{messages.waitingIntro}</p>
          <ul className="waiting-list">
            {list.items.map((item, i) => (
              <li
                key={keys[i]}
                id={waitingElementId(keys[i]!)}
                tabIndex={-1}
                className={keys[i] === focusKey ? 'waiting-item waiting-linked' : 'waiting-item'}
              >
                <div className="waiting-text">
                  <ItemText item={item} />
                </div>
                <ItemAction item={item} onUploadId={onUploadId} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * The list machine with its request: the whole list is one page. The first load takes the
 * answer the header's count already has, when fresh (waiting.first); every later one asks.
 */
function waitingListLogic() {
  let loaded = false;
  return pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<ListPage<unknown>, { filters: ListFilters; cursor: string | null }>(async () => {
        const answer = loaded ? waiting.load() : waiting.first();
        loaded = true;
        return { items: (await answer).items, next: null };
      }),
    },
  });
}

export function WaitingForYou({ onUploadId, focusKey, onFocused, inspect }: Omit<WaitingForYouViewProps, 'list' | 'send'> & { inspect?: (event: InspectionEvent) => void }) {
  const actor = useActorRef(waitingListLogic(), { input: { filters: {} }, inspect });
  const list = useSelector(actor, (s) => pagedListView<WaitingItem>(s), sameList);
  // Back from the e-mail or another app: what waits may have changed.
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'REFRESH' });
    };
    document.addEventListener('visibilitychange', again);
    // Answered on this page (a request accepted, a review written): it waits no more.
    const stop = waiting.onChanged(() => actor.send({ type: 'REFRESH' }));
    return () => {
      document.removeEventListener('visibilitychange', again);
      stop();
    };
  }, [actor]);
  return <WaitingForYouView list={list} send={actor.send} onUploadId={onUploadId} focusKey={focusKey} onFocused={onFocused} />;
}

function sameList(a: PagedListView<WaitingItem>, b: PagedListView<WaitingItem>): boolean {
  return a.state === b.state && a.items === b.items && a.error === b.error;
}
