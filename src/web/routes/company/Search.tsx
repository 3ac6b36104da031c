/** Placeholder: being built (issue 12). */
export default function CompanySearch() {
  return <main id="main" />;
}
