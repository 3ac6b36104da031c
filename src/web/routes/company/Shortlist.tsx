/** Placeholder: being built (issue 12). */
export default function CompanyShortlist() {
  return <main id="main" />;
}
