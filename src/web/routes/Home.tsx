import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { whereUserBelongs } from '../../shared/destination';
import { messages } from '../../shared/messages';
import { paths } from '../../shared/routes';
import { site } from '../../shared/site';
import { useAuth } from '../kit/session/useAuth';
import { useGoogleRedirect } from '../kit/session/useGoogleRedirect';
import { FlipCard } from '../kit/components/FlipCard';
import { HeroArt } from '../kit/components/HeroArt';
import { EnquiryForm } from '../features/enquiries/EnquiryForm';
import { NewsletterForm } from '../features/newsletter/NewsletterForm';
import { useIdlePrefetch } from '../boot/idlePrefetch';

const services = [
  {
    title: 'For riders',
    text: 'Sign up in five short steps, get jobs from Lagos businesses and build a reputation that wins you more work.',
    to: paths.riderSignup,
    link: 'Register Here',
  },
  {
    title: 'For senders',
    text: 'See the price of a delivery across Lagos, or to Canada and the UK, in seconds, line by line, and book it without an account.',
    to: paths.sendParcel,
    link: 'Request for quotation',
  },
  {
    title: 'For companies',
    text: messages.homeCompaniesCardText,
    to: paths.companyWaitlist,
    link: 'Join the waitlist here',
  },
] as const;

const glyph = (d: ReactNode) => (
  <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    {d}
  </svg>
);

const reasons = [
  {
    title: 'Reliability',
    icon: glyph(<path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5" />),
    front: 'Vetted riders with a record you can check.',
    back: 'Every rider is vetted before their first job, and every job leaves a rating and a comment from the business. You can read a rider’s record before they carry your parcel.',
  },
  {
    title: 'Speed',
    icon: glyph(<path d="M13 2L4 14h7l-1 8 9-12h-7z" />),
    front: 'Same-day pickup and delivery across Lagos.',
    back: 'Book in the morning and your parcel is picked up within hours and delivered the same day, from Ikeja to Lekki. Motorbikes move through traffic that holds vans back.',
  },
  {
    title: 'Affordable',
    icon: glyph(<path d="M4 7h16v10H4zM12 10v4M8 12h.01M16 12h.01" />),
    front: 'A clear price before you book.',
    back: 'Ask for a quote and see the price before you commit. No subscription and no hidden charges: send one parcel or fifty and pay only for the deliveries you make.',
  },
  {
    title: 'More than just deliveries',
    icon: glyph(<path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z" />),
    front: 'A marketplace that works for riders and businesses.',
    back: 'Riders build a public reputation, like a freelancer’s profile, that brings them steady work. Businesses find riders they can trust again and again, and we ship from Lagos to Canada and the UK.',
  },
];

/** The hero: Get Started leads to `start` (/login, or the signed-in user's dashboard). */
export function HomeHero({ start }: { start: string }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div>
          <h1 id="hero-title">{site.tagline}</h1>
          <p className="lead">
            Riders find work and build a reputation with Lagos businesses. Businesses get parcels moved the same day, by
            riders whose ratings they can read.
          </p>
          <p className="hero-actions">
            <Link to={start} className="btn btn-large">
              Get Started
            </Link>
            <Link to={paths.sendParcel} className="btn btn-large btn-secondary">
              {messages.sendParcel}
            </Link>
          </p>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

export function Home() {
  useGoogleRedirect();
  // A signed-in visitor's Get Started goes to their dashboard. The prerendered HTML
  // and the hydrating render are signed out (useAuth's server snapshot); the link changes
  // right after hydration, without a mismatch.
  const { signedIn, userType } = useAuth();
  const start = whereUserBelongs(signedIn ? { user_type: userType } : null).to;
  // The code behind this page's links, fetched while the browser is idle after load.
  useIdlePrefetch([paths.riderSignup, start]);
  return (
    <>
      <HomeHero start={start} />

      <section className="section" aria-labelledby="services-title">
        <div className="container">
          <h2 id="services-title">What you can do here</h2>
          <ul className="card-grid">
            {services.map((s) => (
              <li key={s.to} className="card service-card">
                <h3>{s.title}</h3>
                <p>{s.text}</p>
                <Link to={s.to} className="card-link">
                  {s.link}&nbsp;<span aria-hidden="true">→</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tint" aria-label="Quick Enquiry">
        <div className="container split">
          <div className="split-text">
            <h2>Questions before you send?</h2>
            <p>
              Write to us about a pickup, a regular delivery route or riding with {site.name}. A dispatcher in Ogba reads every
              message and answers within one working day.
            </p>
            <p>
              In a hurry? Call <a href={`tel:${site.phoneE164}`}>{site.phoneDisplay}</a>.
            </p>
          </div>
          <EnquiryForm kind="enquiry" />
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title">Why choose {site.name}</h2>
          <p className="section-intro">Turn a card over to read more: tap it, hover over it or use its Flip button.</p>
          <div className="flip-grid">
            {reasons.map((r) => (
              <FlipCard key={r.title} title={r.title} icon={r.icon} front={r.front} back={r.back} />
            ))}
          </div>
        </div>
      </section>

      <section className="section section-tint" aria-label="Newsletter">
        <div className="container narrow">
          <NewsletterForm />
        </div>
      </section>
    </>
  );
}
