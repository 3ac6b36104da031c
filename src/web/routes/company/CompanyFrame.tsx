/**
 * /company-dashboard and the pages below it: the company's own tabs above the page.
 * The header's Dashboard link already leads here for any user_type but 1 (spec §2).
 */
import { Link, Outlet } from '@tanstack/react-router';
import { messages } from '../../../shared/messages';
import { companyPaths } from '../../../shared/routes';
import './company.css';

const TABS = [
  { to: companyPaths.search, label: messages.companyNavSearch, exact: true },
  { to: companyPaths.shortlist, label: messages.companyNavShortlist, exact: false },
  { to: companyPaths.hires, label: messages.companyNavHires, exact: false },
  { to: companyPaths.deliveries, label: messages.companyNavDeliveries, exact: false },
  { to: companyPaths.account, label: messages.companyNavAccount, exact: false },
] as const;

export default function CompanyFrame() {
  return (
    <div className="company-frame">
      <nav className="company-tabs" aria-label={messages.companyNavLabel}>
        {TABS.map((tab) => (
          <Link key={tab.to} to={tab.to} activeOptions={{ exact: tab.exact }} activeProps={{ 'aria-current': 'page', className: 'active' }}>
            {tab.label}
          </Link>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
