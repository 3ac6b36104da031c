/** Placeholder: being built (issue 12). */
export default function CompanyAccount() {
  return <main id="main" />;
}
