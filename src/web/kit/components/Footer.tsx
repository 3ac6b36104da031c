/**
 * The navigation shell's footer (spec §2): the aim, the Ogba address, contact and social
 * links, the public links (a click scrolls to the top) and the copyright from 2022. At 789px
 * or less 'Contact Us' and 'Links' fold away behind buttons.
 */
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { COPYRIGHT_START_YEAR } from '../../../shared/constants';
import { site, whatsappUrl } from '../../../shared/site';
import { ChevronIcon, InstagramIcon, MailIcon, PhoneIcon, PinIcon, WhatsAppIcon, XIcon } from './Icons';
import { publicLinks } from './navLinks';
import { useIsMobile } from './useIsMobile';

function FooterSection({ title, collapsible, children }: { title: string; collapsible: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const expanded = !collapsible || open;
  return (
    <div className="footer-section">
      <h2 className="footer-heading">
        {collapsible ? (
          <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
            {title}
            <ChevronIcon />
          </button>
        ) : (
          title
        )}
      </h2>
      <div id={id} hidden={!expanded}>
        {children}
      </div>
    </div>
  );
}

/** The contact and social links, also used on the Contact Us page. */
export function ContactLinks() {
  return (
    <ul className="contact-links">
      <li>
        <a href={`tel:${site.phoneE164}`}>
          <PhoneIcon />
          <span>
            <span className="visually-hidden">Call </span>
            {site.phoneDisplay}
          </span>
        </a>
      </li>
      <li>
        <a href={whatsappUrl()} rel="noopener noreferrer">
          <WhatsAppIcon />
          <span>WhatsApp</span>
        </a>
      </li>
      <li>
        <a href={`mailto:${site.email}`}>
          <MailIcon />
          <span>
            <span className="visually-hidden">E-mail </span>
            {site.email}
          </span>
        </a>
      </li>
      <li>
        <a href={site.social.x} rel="noopener noreferrer">
          <XIcon />
          <span>
            X<span className="visually-hidden"> (formerly Twitter)</span>
          </span>
        </a>
      </li>
      <li>
        <a href={site.social.instagram} rel="noopener noreferrer">
          <InstagramIcon />
          <span>Instagram</span>
        </a>
      </li>
    </ul>
  );
}

export function Footer() {
  const isMobile = useIsMobile();
  const year = new Date().getFullYear();
  const toTop = () => window.scrollTo({ top: 0, left: 0 });
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="footer-brand">
            <img src="/logo.svg" alt="" width={28} height={28} />
            {site.name}
          </p>
          <p>{site.aim}</p>
          <p className="footer-address">
            <PinIcon />
            <span>{site.address}</span>
          </p>
        </div>
        <FooterSection title="Contact Us" collapsible={isMobile}>
          <ContactLinks />
        </FooterSection>
        <FooterSection title="Links" collapsible={isMobile}>
          <ul className="footer-links">
            {publicLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} activeOptions={{ exact: true }} onClick={toTop}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </FooterSection>
      </div>
      <div className="container">
        <p className="copyright">
          copyright {COPYRIGHT_START_YEAR}–<span suppressHydrationWarning>{year}</span> {site.name}
        </p>
      </div>
    </footer>
  );
}
