import type { ReactNode } from 'react';
import { POLICY_EFFECTIVE_DATE } from '../../shared/constants';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: its title, the effective date, a list of contents and numbered sections. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <article className="section prose-page legal">
      <div className="container narrow">
        <h1>{title}</h1>
        <p className="effective-date">Effective date: {POLICY_EFFECTIVE_DATE}</p>
        {intro}
        <nav aria-label="Contents" className="toc">
          <h2 className="toc-title">Contents</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id}>
            <h2 id={s.id}>
              {i + 1}. {s.title}
            </h2>
            {s.body}
          </section>
        ))}
      </div>
    </article>
  );
}
