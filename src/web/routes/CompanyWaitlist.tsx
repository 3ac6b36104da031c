import { Link } from '@tanstack/react-router';
import { paths } from '../../shared/routes';
import { site } from '../../shared/site';
import { Illustration } from '../kit/components/Illustration';
import { WaitlistForm } from '../features/waitlist/WaitlistForm';

export default function CompanyWaitlist() {
  return (
    <section className="section">
      <div className="container split">
        <div className="split-text">
          <Illustration name="company" className="illustration-small" />
          <h1>Join the company waitlist</h1>
          <p className="lead">The company side of {site.name} is not open yet.</p>
          <p>
            Soon companies will browse rider profiles, read the ratings and comments other businesses left, check work histories
            and hire riders directly. Leave your company’s name and e-mail and tell us what you would like to see: we will
            write to you first when we open.
          </p>
          <p>Need a delivery today? <Link to={paths.contactUs}>Ask for a quote</Link>: that is open to everyone now.</p>
        </div>
        <WaitlistForm />
      </div>
    </section>
  );
}
