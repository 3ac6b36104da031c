/**
 * The rider dashboard's "Available for deliveries" card, loaded once the profile is drawn: it sits
 * under the profile's cards, below the first screen, and its machine, requests and view
 * (AvailabilityCard, in a chunk the job screen shares) were a file of their own and a request on
 * the dashboard's first load. Until they arrive the box stands as the card's own loading paint
 * does (availability.css: the same classes, so the same reserved height) with what goes below the
 * switch (the page's link to the job screen), so nothing under it moves when the card comes.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { AvailabilityCardProps } from './AvailabilityCard';
import './availability.css';

const AvailabilityCard = lazy(() => import('./AvailabilityCard').then((m) => ({ default: m.AvailabilityCard })));

export function LazyAvailabilityCard({ children, inspect }: AvailabilityCardProps) {
  return (
    <Suspense fallback={<AvailabilityCardPending>{children}</AvailabilityCardPending>}>
      <AvailabilityCard inspect={inspect}>{children}</AvailabilityCard>
    </Suspense>
  );
}

function AvailabilityCardPending({ children }: { children?: ReactNode }) {
  return (
    <div className="availability-card">
      <section className="availability" aria-busy="true">
        {children}
      </section>
    </div>
  );
}
