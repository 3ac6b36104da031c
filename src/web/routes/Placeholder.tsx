/** A screen whose content a later change builds; it names itself so the route is reachable. */
export function Placeholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="section">
      <div className="container">
        <h1>{title}</h1>
        {children ?? <p>This page is coming soon.</p>}
      </div>
    </section>
  );
}
