/**
 * The Rider Agreement of sign-up step 5 (spec §2): the contract a rider accepts, written for this
 * product and consistent with the Terms and Conditions and the Privacy Policy (intermediary not
 * employer, 18 or older, the liability cap, Lagos courts after 30 days, e-mail notices given
 * after 24 hours). The rider's e-mail address appears in the notices section. Its version is
 * RIDER_AGREEMENT_VERSION, recorded with the time of acceptance.
 */
import { MINIMUM_AGE, POLICY_EFFECTIVE_DATE } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { paths } from '../../../shared/routes';
import { RIDER_AGREEMENT_VERSION } from '../../../shared/signup';
import { site } from '../../../shared/site';
import { AddressText } from '../../kit/siteFacts/SiteFacts';

/**
 * The agreement's main points in plain words, shown above the full text: labelled as
 * a summary that does not replace the agreement, which stays word for word below it.
 */
export function RiderAgreementSummary() {
  return (
    <section className="agreement-summary" aria-labelledby="agreement-summary-title">
      <h2 id="agreement-summary-title">{messages.agreementSummaryHeading}</h2>
      <p className="agreement-summary-note">{messages.agreementSummaryNote}</p>
      <ul>
        {messages.agreementSummary(MINIMUM_AGE).map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </section>
  );
}

export function RiderAgreement({ email }: { email: string }) {
  const riderEmail = email || 'the e-mail address of your account';
  return (
    <>
      <h3>Rider Agreement</h3>
      <p className="agreement-meta">
        Version {RIDER_AGREEMENT_VERSION} · effective {POLICY_EFFECTIVE_DATE}
      </p>
      <p>
        This agreement is between you, the rider, and {site.name}
        <AddressText before=" of " />. It applies with our{' '}
        <a href={paths.termsAndConditions} target="_blank" rel="noopener">
          Terms and Conditions
        </a>{' '}
        and our{' '}
        <a href={paths.privacyPolicy} target="_blank" rel="noopener">
          Privacy Policy
        </a>
        . Where they differ on riding, this agreement wins.
      </p>

      <h4>1. What {site.name} is</h4>
      <p>
        {site.name} is a marketplace and an intermediary. It shows your profile to businesses and individuals who need parcels
        moved and passes delivery requests to you. It is not your employer: you are an independent rider, not an employee,
        worker, partner or agent of {site.name}. You choose which jobs you accept and when you ride.
      </p>

      <h4>2. Who can ride</h4>
      <p>
        You must be {MINIMUM_AGE} or older and allowed to work in Nigeria. You hold a valid rider&apos;s licence, and the
        motorbike you use has its registration, roadworthiness papers and insurance in order.
      </p>

      <h4>3. Your profile</h4>
      <p>
        Everything on your profile is true and your own: your name, picture, location, work history, past employers and ID
        documents. We may check your documents and may pause a profile while we do. Businesses rate you and comment on your work;
        ratings and comments are part of your public profile.
      </p>

      <h4>4. On the road</h4>
      <ul>
        <li>Wear a helmet, obey the Lagos State traffic laws and the directions of traffic officers.</li>
        <li>Collect and deliver each parcel as agreed, to the person named, and never open it.</li>
        <li>Refuse anything illegal or dangerous, and tell us about it at {site.email}.</li>
        <li>Treat customers with respect; no alcohol or drugs while riding.</li>
      </ul>

      <h4>5. Pay, costs and taxes</h4>
      <p>
        The price of a job is agreed before you accept it. You pay your own fuel, maintenance, phone, data, licences and taxes.
        {' '}
        {site.name} charges no fee for signing up.
      </p>

      <h4>6. Your data</h4>
      <p>
        We use your data as the Privacy Policy says: to show your profile to businesses, to verify you, and to keep the service
        safe. Your ID documents are seen only by you and the staff who check them. The picture you upload is stored without its
        location and camera details.
      </p>

      <h4>7. Ending this agreement</h4>
      <p>
        You can stop at any time by deleting your account from the rider dashboard. We may suspend or close a profile that
        breaks this agreement or the Terms and Conditions, and we tell you why unless the law stops us.
      </p>

      <h4>8. Liability</h4>
      <p>
        To the extent the law allows, the total liability of {site.name} to you is capped at the greater of the fees you paid
        to {site.name} in the 6 months before the claim arose or NGN 10,000. Nothing here limits liability for death or personal
        injury caused by negligence, or for fraud.
      </p>

      <h4>9. Disputes</h4>
      <p>
        Write to us first. We will both try in good faith to settle a dispute by negotiation for 30 days; if it is not settled,
        either side may take it to the courts of Lagos State. The laws of Lagos State and of the Federal Republic of Nigeria
        apply.
      </p>

      <h4 id="agreement-notices">10. Notices</h4>
      <p>
        We send notices under this agreement to <strong className="agreement-email">{riderEmail}</strong>; you send yours to{' '}
        {site.email}. A notice sent by e-mail counts as given 24 hours after it was sent. Keep your e-mail address up to date.
      </p>

      <h4>11. Changes</h4>
      <p>
        We may update this agreement. We tell you of an important change by e-mail before it applies and ask you to accept the
        new version when you next sign in.
      </p>
    </>
  );
}
