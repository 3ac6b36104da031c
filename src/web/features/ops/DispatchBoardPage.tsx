/**
 * The dispatch board page: the board's actor, told which delivery the address names. The address
 * is the one source of which delivery is open (a link can be shared or opened in a new tab).
 */
import { useEffect } from 'react';
import type { InspectionEvent } from 'xstate';
import { DispatchBoardView } from './DispatchBoardView';
import { useDispatchBoard } from './useDispatchBoard';

export interface DispatchBoardPageProps {
  deliveryId: string | null;
  inspect?: (event: InspectionEvent) => void;
  delays?: { debounce?: number; pollInterval?: number };
}

export function DispatchBoardPage({ deliveryId, inspect, delays }: DispatchBoardPageProps) {
  const board = useDispatchBoard({ selectedId: deliveryId, inspect, delays });
  const { send, selectedId } = board;
  useEffect(() => {
    if (deliveryId === selectedId()) return;
    send(deliveryId ? { type: 'OPEN', id: deliveryId } : { type: 'CLOSE' });
  }, [deliveryId, send, selectedId]);
  return <DispatchBoardView view={board.view} list={board.list} send={send} sendList={board.sendList} />;
}
