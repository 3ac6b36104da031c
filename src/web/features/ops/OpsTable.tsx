/**
 * A console list's table: the caption (for screen readers), a header cell a column, and the
 * screen's own rows. Each row's cells carry `data-label` so the narrow layout can name them.
 */
import type { ReactNode } from 'react';

interface OpsTableProps {
  caption: string;
  /** The header cells, in order. */
  columns: readonly string[];
  /** A class besides `ops-table`. */
  className?: string;
  /** The rows. */
  children: ReactNode;
}

export function OpsTable({ caption, columns, className, children }: OpsTableProps) {
  return (
    <table className={className ? `ops-table ${className}` : 'ops-table'}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
