import { Link } from '@tanstack/react-router';
import { messages } from '../../shared/messages';
import { Illustration } from '../kit/components/Illustration';

export function NotFound() {
  return (
    <section className="status-page">
      <Illustration name="notFound" className="illustration-small" />
      <h1>{messages.pageNotFound}</h1>
      <p>The page you asked for is not here.</p>
      <Link to="/" className="btn">
        Go to the home page
      </Link>
    </section>
  );
}
