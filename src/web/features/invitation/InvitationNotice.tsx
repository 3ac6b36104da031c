/**
 * /company-signup?invite=… (issue 11): what an invitation link says until company accounts
 * open (issue 12): valid until a date, or no longer valid. Expired, revoked, used and unknown
 * links read the same, as the API answers them.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isApiErrorBody } from '../../../shared/api';
import { lagosDate, type PublicInvitation } from '../../../shared/invitations';
import { messages } from '../../../shared/messages';
import { paths } from '../../../shared/routes';
import { site } from '../../../shared/site';

export type InvitationCheck =
  | { state: 'checking' }
  | { state: 'valid'; invitation: PublicInvitation }
  | { state: 'invalid' }
  | { state: 'failed' };

export function InvitationNotice({ check }: { check: InvitationCheck }) {
  return (
    <section className="section status-page">
      <div className="container narrow">
        <h1>{messages.invitationHeading}</h1>
        {check.state === 'checking' ? (
          <p className="lead" role="status">
            {messages.invitationChecking}
          </p>
        ) : check.state === 'valid' ? (
          <p className="lead" role="status">
            {messages.invitationValid(check.invitation.companyName, lagosDate(check.invitation.expiresAt))}
          </p>
        ) : (
          <>
            <p className="lead" role="alert">
              {check.state === 'invalid' ? messages.invitationInvalid : messages.submitFailed}
            </p>
            <p>
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
            <Link to={paths.contactUs} className="btn">
              {messages.invitationContactUs}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}

/** Asks the API about the link once; a 404 is a dead link, anything else a failed check. */
export function useInvitationCheck(token: string): InvitationCheck {
  const [check, setCheck] = useState<InvitationCheck>({ state: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/invitations/${encodeURIComponent(token)}`, { signal: controller.signal })
      .then(async (response) => {
        const body: unknown = await response.json().catch(() => null);
        if (response.ok) setCheck({ state: 'valid', invitation: body as PublicInvitation });
        else setCheck({ state: response.status === 404 && isApiErrorBody(body) ? 'invalid' : 'failed' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setCheck({ state: 'failed' });
      });
    return () => controller.abort();
  }, [token]);
  return check;
}

export function InvitationPage({ token }: { token: string }) {
  return <InvitationNotice check={useInvitationCheck(token)} />;
}
