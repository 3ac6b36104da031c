/**
 * The business facts the operator set (GET /api/config's `business`), for every page. They
 * arrive after the first render: a prerendered page is drawn without them (the build does not
 * know them) and hydrates without them, then shows each fact that is set. Nothing renders a
 * fact that is not set.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { phoneForDisplay, type BusinessFacts } from '../../../shared/site';
import { loadPublicConfig } from '../http/client';

const NONE: BusinessFacts = {};
const SiteFactsContext = createContext<BusinessFacts>(NONE);

export function SiteFactsProvider({ children }: { children: ReactNode }) {
  const [facts, setFacts] = useState<BusinessFacts>(NONE);
  useEffect(() => {
    let live = true;
    // A failed load shows no facts, which is never untrue; the next page load asks again.
    loadPublicConfig().then(
      (config) => {
        if (live) setFacts(config.business);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return <SiteFactsContext.Provider value={facts}>{children}</SiteFactsContext.Provider>;
}

export function useBusinessFacts(): BusinessFacts {
  return useContext(SiteFactsContext);
}

/** The address after `before` (", of "), in an <li> when asked, or nothing when it is not set. */
export function AddressText({ before = '', wrap }: { before?: string; wrap?: 'li' }) {
  const { address } = useBusinessFacts();
  if (!address) return null;
  const text = (
    <>
      {before}
      {address}
    </>
  );
  return wrap === 'li' ? <li>{text}</li> : text;
}

/** The phone number after `before`, as a tel: link when asked, or nothing when it is not set. */
export function PhoneText({ before = '', wrap, link = false }: { before?: string; wrap?: 'li'; link?: boolean }) {
  const { phone } = useBusinessFacts();
  if (!phone) return null;
  const text = (
    <>
      {before}
      {link ? <a href={`tel:${phone}`}>{phoneForDisplay(phone)}</a> : phoneForDisplay(phone)}
    </>
  );
  return wrap === 'li' ? <li>{text}</li> : text;
}
