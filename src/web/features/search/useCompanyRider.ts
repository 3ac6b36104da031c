/**
 * The rider page for companies: loads GET /api/companies/riders/:username and keeps
 * the shortlist toggle (optimistic: flips at once, flips back with a toast when the server
 * refuses). A reading page with one toggle, so plain state rather than a machine.
 */
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../kit/components/toast';
import { SubmitError } from '../../../../machines/kit/formMachine';
import { messages } from '../../../shared/messages';
import type { CompanyRiderProfile } from '../../../shared/riderSearch';
import { searchApi } from './searchApi';

export type CompanyRiderState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed'; error: string }
  | { status: 'loaded'; rider: CompanyRiderProfile; saving: boolean };

export function useCompanyRider(username: string): { state: CompanyRiderState; retry: () => void; toggleShortlist: () => void } {
  const [state, setState] = useState<CompanyRiderState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    searchApi.rider(username).then(
      (rider) => live && setState({ status: 'loaded', rider, saving: false }),
      (error: unknown) => {
        if (!live) return;
        // A 404 carries the rider-not-available message under 'alert'.
        if (error instanceof SubmitError && error.fieldError.message === messages.riderPageNotFound) setState({ status: 'notFound' });
        else setState({ status: 'failed', error: error instanceof SubmitError ? error.fieldError.message : messages.riderPageLoadFailed });
      },
    );
    return () => {
      live = false;
    };
  }, [username, attempt]);

  const toggleShortlist = useCallback(() => {
    setState((current) => {
      if (current.status !== 'loaded' || current.saving) return current;
      const wanted = !current.rider.shortlisted;
      searchApi.setShortlisted(current.rider.username, wanted).then(
        (answer) => {
          toast.success(answer.message);
          setState((s) => (s.status === 'loaded' ? { ...s, saving: false } : s));
        },
        () => {
          toast.error(messages.shortlistFailed);
          setState((s) => (s.status === 'loaded' ? { rider: { ...s.rider, shortlisted: !wanted }, status: 'loaded', saving: false } : s));
        },
      );
      return { ...current, rider: { ...current.rider, shortlisted: wanted }, saving: true };
    });
  }, []);

  return { state, retry: () => setAttempt((n) => n + 1), toggleShortlist };
}
