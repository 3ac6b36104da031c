import { Link } from '@tanstack/react-router';
import { paths } from '../../shared/routes';
import { messages } from '../../shared/messages';
import { Illustration } from '../kit/components/Illustration';
import { WaitlistForm } from '../features/waitlist/WaitlistForm';

export default function CompanyWaitlist() {
  return (
    <section className="section">
      <div className="container split">
        <div className="split-text">
          <Illustration name="company" className="illustration-small" />
          <h1>Join the company waitlist</h1>
          <p className="lead">{messages.companyWaitlistLead}</p>
          <p>{messages.companyWaitlistText}</p>
          <p>Need a delivery today? <Link to={paths.contactUs}>Ask for a quote</Link>: that is open to everyone now.</p>
        </div>
        <WaitlistForm />
      </div>
    </section>
  );
}
