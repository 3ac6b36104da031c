import { Link } from '@tanstack/react-router';
import { messages } from '../../shared/messages';
import { paths } from '../../shared/routes';
import { site } from '../../shared/site';

export default function AboutUs() {
  return (
    <article className="section prose-page">
      <div className="container narrow">
        <h1>About Us</h1>
        <p className="lead">
          {site.name} is a dispatch marketplace based in Ogba, Lagos. We connect businesses that need parcels moved with
          dispatch riders who want steady work and a reputation that follows them from job to job.
        </p>

        <h2>Our mission</h2>
        <p>
          Lagos runs on dispatch riders, yet most businesses still find one through a friend of a friend, and a good rider’s
          record lives only in the memory of the people they have worked for. Our mission is to make dispatch in Nigeria
          dependable: every delivery done by a rider you can check, and every good job counted in that rider’s favour. Our aim
          is to be the best logistics company in the country.
        </p>

        <h2>Same-day pickup and delivery across Lagos</h2>
        <p>
          We pick up and deliver the same day anywhere in Lagos: from the mainland to the island, from Ikeja to Lekki, Yaba to
          Ajah. Motorbikes move through traffic that holds vans back, so documents, orders and spare parts reach your customers
          while they are still needed.
        </p>

        <div className="benefit-grid">
          <section className="card" aria-labelledby="for-businesses">
            <h2 id="for-businesses">For businesses</h2>
            <ul className="check-list">
              <li>Same-day pickup and delivery across Lagos, booked in one message.</li>
              <li>Vetted riders, each with ratings and comments from the businesses they have worked for, and a work history you can read.</li>
              <li>One place to request quotes, for a single parcel or a regular route, and compare them before you book.</li>
              <li>Soon: browse rider profiles and choose riders you trust for your regular routes.</li>
            </ul>
            <Link to={paths.contactUs} className="btn">
              Request a quote
            </Link>
          </section>
          <section className="card" aria-labelledby="for-riders">
            <h2 id="for-riders">For riders</h2>
            <ul className="check-list">
              <li>Find work from Lagos businesses without waiting at a park or depending on one company.</li>
              <li>Build a reputation through the ratings and comments businesses leave after each job.</li>
              <li>Keep a profile like a freelancer’s: your bio, work history, past employers, experience, languages and education.</li>
              <li>Your record goes with you: the better your work, the more businesses find you.</li>
            </ul>
            <Link to={paths.riderSignup} className="btn">
              Register as a rider
            </Link>
          </section>
        </div>

        <h2>Beyond Lagos: Canada and the UK</h2>
        <p>
          We currently offer international delivery from Lagos to Canada and the United Kingdom, for documents, gifts and
          business parcels. Tell us what you are sending, its weight and the destination city, and we reply with a price and
          the expected delivery time. Customs duties and the destination’s rules on restricted items apply.
        </p>

        <h2>Companies: by invitation</h2>
        <p>
          {messages.companyByInvitationLead} {messages.companyByInvitationHow}{' '}
          <Link to={paths.companyWaitlist}>{messages.companyByInvitationAction}</Link>
        </p>
      </div>
    </article>
  );
}
