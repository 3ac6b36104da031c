import { Link } from '@tanstack/react-router';
import { paths } from '../../shared/routes';
import { site } from '../../shared/site';
import { Illustration } from '../kit/components/Illustration';

/** /company-signup and /company-dashboard: the company side is not open yet (spec §1). */
export function CompanyNotOpen({ title }: { title: string }) {
  return (
    <section className="section status-page">
      <div className="container narrow">
        <Illustration name="company" />
        <h1>{title}</h1>
        <p className="lead">The company side of {site.name} is not open yet.</p>
        <p>
          Companies will soon browse rider profiles, ratings and work histories. Join the waitlist and we will tell you as soon
          as it opens.
        </p>
        <Link to={paths.companyWaitlist} className="btn">
          Join the company waitlist
        </Link>
      </div>
    </section>
  );
}
