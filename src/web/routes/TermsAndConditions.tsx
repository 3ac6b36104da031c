import { Link } from '@tanstack/react-router';
import { MINIMUM_AGE } from '../../shared/constants';
import { paths } from '../../shared/routes';
import { site } from '../../shared/site';
import { AddressText, PhoneText } from '../kit/siteFacts/SiteFacts';
import { LegalPage, type LegalSection } from './LegalPage';

const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'These terms',
    body: (
      <p>
        These terms are an agreement between you and {site.name}
        <AddressText before=", of " />. They apply whenever you use this website,
        create an account, send an enquiry, ask for a quote or book a delivery. By doing any of these you accept them; if you
        do not agree, please do not use {site.name}.
      </p>
    ),
  },
  {
    id: 'intermediary',
    title: 'Our role: an intermediary, not an employer',
    body: (
      <>
        <p>
          {site.name} is an intermediary. It connects businesses and individuals who need parcels moved with independent
          dispatch riders, and it arranges pickups and deliveries that those riders carry out.
        </p>
        <p>
          {site.name} is not an employer of the riders who use it. Nothing in these terms or in the use of the platform makes
          a rider an employee, worker, partner or agent of {site.name}, and riders are responsible for their own tax, licences,
          insurance and equipment. Riders decide which jobs they accept.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use it',
    body: (
      <p>
        You must be {MINIMUM_AGE} or older and able to enter into a binding contract under Nigerian law. If you use {site.name}{' '}
        for a business, you confirm that you may bind that business to these terms.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>Give true, current and complete information, and keep it up to date.</li>
        <li>Keep your password to yourself. You are responsible for what happens under your account.</li>
        <li>One person, one account. Tell us at once at {mail} if you think someone else has used yours.</li>
        <li>
          You can close your account at any time; riders can delete theirs from the rider dashboard. The{' '}
          <Link to={paths.privacyPolicy}>Privacy Policy</Link> says what happens to your data.
        </li>
      </ul>
    ),
  },
  {
    id: 'riders',
    title: 'Riders',
    body: (
      <ul>
        <li>Your profile, work history, past employers and ID documents must be genuine and your own.</li>
        <li>
          Ride lawfully: hold a valid licence and the papers your motorbike needs, wear a helmet, and follow the Lagos State
          traffic laws.
        </li>
        <li>Handle every parcel with care, deliver it only to the person named, and never open it.</li>
        <li>Businesses may rate you and comment on your work. Ratings and comments are part of your public profile.</li>
      </ul>
    ),
  },
  {
    id: 'senders',
    title: 'Senders and businesses',
    body: (
      <ul>
        <li>Describe what you send truthfully, pack it properly, and give correct pickup and delivery details.</li>
        <li>
          Do not send anything illegal or dangerous: no weapons, drugs, hazardous or flammable materials, cash, live animals,
          or goods the law of the destination forbids.
        </li>
        <li>Leave ratings and comments that are honest, fair and about the work done.</li>
      </ul>
    ),
  },
  {
    id: 'quotes',
    title: 'Quotes, fees and payment',
    body: (
      <p>
        A quote states the price, what it covers and how long it is valid. The price you pay is the one in the quote you
        accepted. Fees are due as the quote says. A delivery cannot always be made (a wrong address, nobody to receive it); the
        quote says what is charged then.
      </p>
    ),
  },
  {
    id: 'international',
    title: 'International delivery',
    body: (
      <p>
        We currently offer delivery from Lagos to Canada and the United Kingdom. Delivery times for these are estimates. The
        sender is responsible for a truthful customs description; customs duties, taxes and the destination’s rules on
        restricted items apply, and customs may hold or refuse a parcel.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Using the website fairly',
    body: (
      <p>
        Do not try to get around the captcha, copy the site or its profiles with automated tools, send spam through its forms,
        break into accounts, or interfere with the service. We may limit, suspend or close an account that breaks these terms,
        and we tell you why unless the law stops us.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'Your content and ours',
    body: (
      <p>
        You keep the rights to what you upload. You allow {site.name} to show your public profile, ratings and comments on the
        marketplace for as long as your account is open. The name {site.name}, its logo and the website are ours.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          To the extent the law allows, the total liability of {site.name} to you for all claims arising from the platform or
          a delivery is capped at the greater of the fees you paid to {site.name} in the 6 months before the claim arose or
          NGN 10,000.
        </p>
        <p>
          {site.name} is not liable for indirect or consequential loss, such as lost profit or lost business. Nothing in these
          terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else the law
          does not allow to be limited.
        </p>
      </>
    ),
  },
  {
    id: 'disputes',
    title: 'Disputes',
    body: (
      <p>
        If a dispute arises, write to us at {mail} first. We will both try in good faith to settle it by negotiation for 30
        days from that notice. If it is not settled within those 30 days, either side may take it to the courts of Lagos State,
        which have jurisdiction over it. These terms are governed by the laws of Lagos State and of the Federal Republic of
        Nigeria.
      </p>
    ),
  },
  {
    id: 'notices',
    title: 'Notices',
    body: (
      <p>
        We send notices to the e-mail address on your account; you send them to {mail}. A notice sent by e-mail counts as given
        24 hours after it was sent.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We publish the new version here with its effective date and tell account holders of any
        important change by e-mail before it applies. If you keep using {site.name} after that, the new terms apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        {site.name}
        <AddressText before=", " />. E-mail {mail}
        <PhoneText before=", phone " link />.
      </p>
    ),
  },
];

export default function TermsAndConditions() {
  return (
    <LegalPage
      title="Terms and Conditions"
      intro={
        <p className="lead">
          The rules for using {site.name}, for riders, senders and businesses. Please read them with our{' '}
          <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
        </p>
      }
      sections={sections}
    />
  );
}
