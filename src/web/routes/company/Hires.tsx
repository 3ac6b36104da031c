/** Placeholder: being built (issue 12). */
export default function CompanyHires() {
  return <main id="main" />;
}
