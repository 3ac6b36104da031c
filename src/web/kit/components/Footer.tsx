/**
 * The navigation shell's footer (spec §2): the aim, the address, opening hours and CAC number
 * (each only when set), contact and social links, the public links (a click scrolls to the top) and the copyright from 2022. At 789px
 * or less 'Contact Us' and 'Links' fold away behind buttons.
 */
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { COPYRIGHT_START_YEAR } from '../../../shared/constants';
import { businessMessages, phoneForDisplay, site, SOCIAL_NETWORKS, whatsappUrl } from '../../../shared/site';
import { useBusinessFacts } from '../siteFacts/SiteFacts';
import { ChevronIcon, FacebookIcon, InstagramIcon, LinkedInIcon, MailIcon, PhoneIcon, PinIcon, WhatsAppIcon, XIcon } from './Icons';
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

const SOCIAL_ICONS = { x: XIcon, instagram: InstagramIcon, facebook: FacebookIcon, linkedin: LinkedInIcon } as const;

/**
 * The contact and social links, also used on the Contact Us page: the e-mail always, each
 * other link only when the operator set it.
 */
export function ContactLinks() {
  const { phone, whatsapp, social } = useBusinessFacts();
  return (
    <ul className="contact-links">
      {phone ? (
        <li>
          <a href={`tel:${phone}`}>
            <PhoneIcon />
            <span>
              <span className="visually-hidden">Call </span>
              {phoneForDisplay(phone)}
            </span>
          </a>
        </li>
      ) : null}
      {whatsapp ? (
        <li>
          <a href={whatsappUrl(whatsapp)} rel="noopener noreferrer">
            <WhatsAppIcon />
            <span>{businessMessages.whatsapp}</span>
          </a>
        </li>
      ) : null}
      <li>
        <a href={`mailto:${site.email}`}>
          <MailIcon />
          <span>
            <span className="visually-hidden">E-mail </span>
            {site.email}
          </span>
        </a>
      </li>
      {SOCIAL_NETWORKS.map((network) => {
        const href = social?.[network];
        if (!href) return null;
        const Icon = SOCIAL_ICONS[network];
        return (
          <li key={network}>
            <a href={href} rel="noopener noreferrer">
              <Icon />
              <span>
                {businessMessages.social[network]}
                {network === 'x' ? <span className="visually-hidden">{businessMessages.xFormerly}</span> : null}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function Footer() {
  const isMobile = useIsMobile();
  const { address, openingHours, cacNumber } = useBusinessFacts();
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
          {address ? (
            <p className="footer-address">
              <PinIcon />
              <span>{address}</span>
            </p>
          ) : null}
          {openingHours ? <p className="footer-hours">{businessMessages.openingHours(openingHours)}</p> : null}
          {cacNumber ? <p className="footer-cac">{businessMessages.cacNumber(cacNumber)}</p> : null}
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
