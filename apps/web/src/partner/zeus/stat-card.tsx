import type { AllFigures } from '@wager/contracts';
import { statCell, type StatField } from '../statistics/stat-fields.tsx';
import { useStatFormat } from '../statistics/use-stat-format.ts';

/** A titled key-value table of one figure group (zeus home): label, value, two pairs a row. */
export function StatCard({ title, figures, fields, testId }: { title: string; figures: AllFigures; fields: StatField<AllFigures>[]; testId: string }) {
  const fmt = useStatFormat();
  return (
    <section className="pa-stat-card" data-testid={testId}>
      <h2 className="pa-stats-subtitle">{title}</h2>
      <table className="pa-table pa-table-kv pa-stat-kv">
        <tbody>
          {fields.map((f) => (
            <tr key={f.id} data-field={f.id}>
              <th>{f.header}</th>
              <td className="num">{statCell(f, figures, fmt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
