import { Link } from '@tanstack/react-router';
import { messages } from '../../shared/messages';
import { paths } from '../../shared/routes';
import { Illustration } from '../kit/components/Illustration';

/** /company-signup without an invitation: companies join by invitation, and the waitlist is how to get one. */
export function CompanyNotOpen({ title }: { title: string }) {
  return (
    <section className="section status-page">
      <div className="container narrow">
        <Illustration name="company" />
        <h1>{title}</h1>
        <p className="lead">{messages.companyByInvitationLead}</p>
        <p>{messages.companyByInvitationHow}</p>
        <Link to={paths.companyWaitlist} className="btn">
          {messages.companyByInvitationAction}
        </Link>
      </div>
    </section>
  );
}
