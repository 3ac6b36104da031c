import { Link } from '@tanstack/react-router';
import { MINIMUM_AGE } from '../../shared/constants';
import { paths } from '../../shared/routes';
import { site } from '../../shared/site';
import { AddressText, PhoneText } from '../kit/siteFacts/SiteFacts';
import { LegalPage, type LegalSection } from './LegalPage';

const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          {site.name} runs this website and the dispatch marketplace on it. For the personal data described here, {site.name}{' '}
          is the data controller under the Nigeria Data Protection Act 2023 (NDPA): we decide why and how your data is used.
        </p>
        <ul>
          <AddressText before="Address: " wrap="li" />
          <li>E-mail, including for our data protection officer: {mail}</li>
          <PhoneText before="Phone: " wrap="li" />
        </ul>
        <p>
          {site.name} is an intermediary: it connects businesses and individuals who need deliveries with independent dispatch
          riders. It is not the riders’ employer.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect and why',
    body: (
      <>
        <p>We collect only what we need for each purpose below, and the lawful basis for each is shown beside it.</p>
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Personal data we collect, why, and the lawful basis</caption>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Why</th>
                <th scope="col">Lawful basis</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">
                  <strong>Account</strong>: username, e-mail address, password (stored only as a one-way hash), account type, and your name, e-mail and picture from Google if you sign in with Google
                </th>
                <td data-label="Why">To create your account, sign you in and keep it secure</td>
                <td data-label="Lawful basis">Contract</td>
              </tr>
              <tr>
                <th scope="row">
                  <strong>Rider profile</strong>: phone, state and town, picture, introduction, bio, work history, past employers, years of experience, languages, education
                </th>
                <td data-label="Why">To show businesses who you are and what you have done, so they can offer you work</td>
                <td data-label="Lawful basis">Contract</td>
              </tr>
              <tr>
                <th scope="row">
                  <strong>ID documents</strong>: a valid ID and a rider ID card
                </th>
                <td data-label="Why">To check riders are who they say they are before businesses rely on them</td>
                <td data-label="Lawful basis">Legitimate interests (the safety of senders and their goods); your consent when you upload them</td>
              </tr>
              <tr>
                <th scope="row">
                  <strong>Ratings and comments businesses leave about riders</strong>
                </th>
                <td data-label="Why">To build each rider’s reputation on the marketplace</td>
                <td data-label="Lawful basis">Contract; legitimate interests</td>
              </tr>
              <tr>
                <th scope="row">
                  <strong>Enquiries and quote requests</strong>: name, e-mail, phone (optional), message
                </th>
                <td data-label="Why">To answer you and prepare a price</td>
                <td data-label="Lawful basis">Steps you ask for before a contract; legitimate interests</td>
              </tr>
              <tr>
                <th scope="row">
                  <strong>Newsletter</strong>: e-mail address
                </th>
                <td data-label="Why">To send you our newsletter, about once a month</td>
                <td data-label="Lawful basis">Consent</td>
              </tr>
              <tr>
                <th scope="row">
                  <strong>Company waitlist</strong>: company name, e-mail, what you would like to see
                </th>
                <td data-label="Why">To tell you when the company side opens and to shape it</td>
                <td data-label="Lawful basis">Consent</td>
              </tr>
              <tr>
                <th scope="row">
                  <strong>Technical logs</strong>: IP address, browser type, pages and API calls requested, times, errors, and the captcha check
                </th>
                <td data-label="Why">To keep the service running and secure, stop abuse and automated sign-ups, and fix faults</td>
                <td data-label="Lawful basis">Legitimate interests; legal obligation to keep data secure</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          We do not sell personal data, we do not use it for advertising, and we make no decision about you by automated means
          alone.
        </p>
      </>
    ),
  },
  {
    id: 'lawful-bases',
    title: 'Lawful bases',
    body: (
      <>
        <p>Under section 25 of the NDPA we process personal data only on one of these bases:</p>
        <ul>
          <li>
            <strong>Contract</strong>: the processing is needed to provide the account and the marketplace you signed up for,
            or to take steps you asked for before one.
          </li>
          <li>
            <strong>Consent</strong>: you agreed to it, for a specific purpose, and you can take that agreement back at any
            time.
          </li>
          <li>
            <strong>Legal obligation</strong>: a law requires it, for example keeping financial records or answering a lawful
            request from an authority.
          </li>
          <li>
            <strong>Legitimate interests</strong>: it is needed for a legitimate interest of ours or of others (such as
            keeping the service secure and riders verified), and those interests are not overridden by your rights and
            freedoms.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'consent',
    title: 'Consent and withdrawing it',
    body: (
      <>
        <p>
          Where we rely on your consent (the newsletter, the company waitlist, the ID documents you choose to upload), you can
          withdraw it at any time, as easily as you gave it: write to {mail} from the address concerned. Riders can also
          delete their account from the dashboard, which removes their ID documents. We act on a withdrawal within 7 days. Withdrawing consent does not make what we did before
          unlawful, and it never costs you anything.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <ul>
        <li>
          <strong>Businesses on the marketplace</strong> see a rider’s public profile: username, picture, introduction, bio,
          work history, past employers, experience, languages, education, ratings and comments. They never see ID documents,
          passwords or e-mail addresses.
        </li>
        <li>
          <strong>Riders</strong> doing a delivery receive the pickup and drop-off names, addresses and phone numbers they need
          for it.
        </li>
        <li>
          <strong>Service providers</strong> who act on our instructions under a written contract: our hosting and database
          provider, our e-mail delivery provider, hCaptcha (which checks that forms are sent by people, not bots) and, if you
          choose it, Google for sign-in.
        </li>
        <li>
          <strong>International carriers and customs</strong>, for deliveries from Lagos to Canada and the UK: the sender’s
          and recipient’s names, addresses and phone numbers and a description of the parcel.
        </li>
        <li>
          <strong>Authorities</strong>, when the law requires it or to protect someone’s life or safety.
        </li>
      </ul>
    ),
  },
  {
    id: 'transfers',
    title: 'Transfers outside Nigeria',
    body: (
      <p>
        Some providers process data outside Nigeria: hCaptcha and Google in the United States, and the carriers and customs of
        Canada and the United Kingdom for international deliveries. We transfer personal data abroad only as Part VIII of the
        NDPA allows: to a country the Nigeria Data Protection Commission considers adequate, under contractual safeguards that
        give your data the same protection it has here, or where the transfer is needed for a contract you asked for (such as
        an international delivery). You can ask us for a copy of the safeguards at {mail}.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <>
        <ul>
          <li>Account and rider profile: while your account is open; deleted within 30 days after you delete it.</li>
          <li>Accounts whose e-mail address was never verified: deleted 90 days after they were created.</li>
          <li>ID documents: while your account is open; deleted within 30 days after you delete them or your account.</li>
          <li>Enquiries and quote requests: 2 years after our last exchange with you.</li>
          <li>Newsletter address: until you unsubscribe; then deleted within 30 days.</li>
          <li>Company waitlist: until 12 months after the company side opens, or until you ask us to remove you.</li>
          <li>Technical logs: 90 days.</li>
          <li>Backups: overwritten within 35 days, so deleted data leaves them within that time.</li>
          <li>
            Records the law requires us to keep, such as invoices and records needed for a legal claim: 6 years, then deleted.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect data',
    body: (
      <p>
        Connections to the site are encrypted. Passwords are stored only as a salted one-way hash (argon2id), never in a form
        anyone can read. ID documents are private to their owner and to the staff who check them. Sign-in sessions end when you
        log out or reset your password. Forms are protected by a captcha and by limits on how often they can be sent. Only
        staff who need personal data for their work can reach it, and every one of them is bound to keep it confidential.
      </p>
    ),
  },
  {
    id: 'breaches',
    title: 'If something goes wrong',
    body: (
      <p>
        If a personal data breach is likely to put your rights and freedoms at risk, we notify the Nigeria Data Protection
        Commission within 72 hours of becoming aware of it, and we tell the people affected without undue delay, in plain
        language, with what happened, what it means for them and what they can do to protect themselves.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the NDPA you have the right to:</p>
        <ul>
          <li>be told how your data is used (this policy);</li>
          <li>access the personal data we hold about you and get a copy;</li>
          <li>have inaccurate or incomplete data corrected;</li>
          <li>have your data erased when we no longer have a reason to keep it;</li>
          <li>restrict or object to processing, and object at any time to direct marketing;</li>
          <li>receive your data in a common, machine-readable format and have it sent to another controller (portability);</li>
          <li>withdraw your consent at any time;</li>
          <li>not be subject to a decision based solely on automated processing.</li>
        </ul>
        <p>
          Riders can correct their profile, download their data and delete their account themselves from the rider dashboard.
          For anything else, write to {mail}. We may ask you to confirm who you are, and we answer within 30 days, free of
          charge.
        </p>
      </>
    ),
  },
  {
    id: 'age',
    title: 'Age',
    body: (
      <p>
        You must be {MINIMUM_AGE} or older to use {site.name}. We do not knowingly collect personal data from anyone under{' '}
        {MINIMUM_AGE}; if we learn that we have, we delete it.
      </p>
    ),
  },
  {
    id: 'storage',
    title: 'Cookies and storage in your browser',
    body: (
      <p>
        We use no advertising or analytics cookies. When you sign in, your browser keeps a sign-in token in its local storage
        until you log out or it expires. After you pass a captcha check, your browser keeps a note of that for the session,
        and we set one cookie that cannot be read by scripts and expires after at most 12 hours, so you are not asked again on
        every form. hCaptcha sets its own cookies when its check is shown; see hCaptcha’s privacy policy.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    body: (
      <p>
        If you are unhappy with how we handle your data, please tell us first at {mail} and we will try to put it right. You
        also have the right to complain to the Nigeria Data Protection Commission (NDPC) at{' '}
        <a href="https://ndpc.gov.ng" rel="noopener noreferrer">
          ndpc.gov.ng
        </a>
        .
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we publish the new version here with its effective date, and we tell account holders of any
        important change by e-mail before it applies. A notice sent by e-mail counts as given 24 hours after it was sent. See
        also our <Link to={paths.termsAndConditions}>Terms and Conditions</Link>.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p className="lead">
          This policy explains what personal data {site.name} collects, why, how long we keep it, who we share it with and the
          rights you have under the Nigeria Data Protection Act 2023.
        </p>
      }
      sections={sections}
    />
  );
}
