/** Placeholder: being built (issue 12). */
export default function CompanyRiderPage() {
  return <main id="main" />;
}
