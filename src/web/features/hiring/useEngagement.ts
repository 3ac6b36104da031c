/**
 * One request/engagement card's actor (machines/hiring/engagementMachine.ts) with its effects: the
 * hiring API's requests, a toast for each success, and the 7 days running out while the card is
 * on screen (EXPIRE at expires_at; the server has already decided it, this only shows it).
 */
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../../kit/components/toast';
import { waiting } from '../../kit/session/waiting';
import { fromPromise, type InspectionEvent } from 'xstate';
import {
  engagementMachine,
  engagementSnapshotToView,
  type EngagementEvent,
  type EngagementMoveRequest,
  type EngagementView,
} from '../../../../machines/hiring/engagementMachine';
import { lagosToday, type EngagementSide, type HireActionResponse, type HireItem } from '../../../shared/hiring';
import { hiringApi } from './hiringApi';

/** The machine with the hiring API's requests. */
function engagementLogic() {
  return engagementMachine.provide({
    actors: {
      moveEngagement: fromPromise<HireActionResponse, EngagementMoveRequest>(({ input }) => hiringApi.move(input.id, input.action, input.outcome)),
      loadEngagement: fromPromise<HireItem, { id: string }>(({ input }) => hiringApi.read(input.id)),
    },
    actions: {
      announce: (_, params) => {
        toast.success(params.message);
        waiting.changed();
      },
    },
  });
}

/** setTimeout's longest delay (about 24.8 days); a request's 7 days are well within it. */
const MAX_DELAY = 2 ** 31 - 1;

export function useEngagement(
  item: HireItem,
  side: EngagementSide,
  inspect?: (event: InspectionEvent) => void,
): { view: EngagementView; send: (event: EngagementEvent) => void } {
  const actor = useActorRef(engagementLogic(), { input: { side, item, today: lagosToday() }, inspect });
  const view = useSelector(actor, engagementSnapshotToView, sameView);
  const open = view.status === 'requested';
  const expiresAt = view.item.expires_at;
  useEffect(() => {
    if (!open) return;
    const due = Date.parse(expiresAt);
    const check = () => {
      if (Date.now() >= due) actor.send({ type: 'EXPIRE' });
    };
    // At the moment itself, and whenever the page comes back (a phone's timers sleep with it).
    const left = due - Date.now();
    const timer = left <= MAX_DELAY ? setTimeout(check, Math.max(0, left) + 50) : null;
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      if (timer) clearTimeout(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [actor, open, expiresAt]);
  return { view, send: actor.send };
}

function sameView(a: EngagementView, b: EngagementView): boolean {
  return a.state === b.state && a.item === b.item && a.outcome === b.outcome && a.alert === b.alert && a.busy === b.busy;
}
