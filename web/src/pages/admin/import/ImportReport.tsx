import { useIntl } from 'react-intl';
import type { ImportProductsMutation } from '../../../__generated__/graphql.ts';
import { Table, TableScroll } from '../products/product-ui.tsx';

type Problem = NonNullable<NonNullable<ImportProductsMutation['importProducts']['problems']>>[number];

/** Every cell to fix: the sheet's row number, the column (letter and title) and what is wrong. */
export function ImportReport({ problems }: { problems: readonly Problem[] }) {
  const intl = useIntl();
  const caption = intl.formatMessage({ id: 'excel.report.caption' });
  return (
    // A keyboard scrolls the wide table on a phone: the region takes the focus.
    <TableScroll tabIndex={0} role="region" aria-label={caption}>
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'excel.report.row' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'excel.report.column' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'excel.report.problem' })}</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem) => (
            <tr key={`${problem.row}-${problem.field}`}>
              <th scope="row">{problem.row}</th>
              <td>{problem.column ? `${problem.column} · ${problem.columnTitle}` : problem.columnTitle}</td>
              <td>{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
