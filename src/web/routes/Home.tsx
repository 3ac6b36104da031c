import { Link } from '@tanstack/react-router';
import { site } from '../../shared/site';
import { useGoogleRedirect } from '../auth/useGoogleRedirect';
import { NewsletterForm } from '../features/newsletter/NewsletterForm';

export function Home() {
  useGoogleRedirect();
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>{site.tagline}</h1>
          <p>Riders find work and build a reputation with Lagos businesses. Businesses get parcels moved the same day.</p>
          <Link to="/login" className="btn">
            Get Started
          </Link>
        </div>
      </section>
      <section className="section" aria-label="Newsletter">
        <div className="container">
          <NewsletterForm />
        </div>
      </section>
    </>
  );
}
