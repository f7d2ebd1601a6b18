import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FiguresTable } from './figures-table.tsx';

function table(
  rows = vi.fn(() => (
    <tr>
      <th scope="row">Jan 2027</th>
      <td>$1,200.00</td>
    </tr>
  )),
) {
  render(
    <FiguresTable
      summary="Month-by-month figures (1 month)"
      label="Projection of Japan trip"
      columns={
        <>
          <th scope="col">Month</th>
          <th scope="col">Projected balance</th>
        </>
      }
      rows={rows}
    />,
  );
  return rows;
}

describe('FiguresTable', () => {
  it('draws no row until it is opened', () => {
    const rows = table();
    expect(screen.getByText('Month-by-month figures (1 month)')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(rows).not.toHaveBeenCalled();
  });

  it('opened, shows the figures in a named region the keyboard can reach and scroll', () => {
    table();
    const details = screen.getByText('Month-by-month figures (1 month)').closest('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const region = screen.getByRole('region', { name: 'Projection of Japan trip' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('columnheader', { name: 'Projected balance' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Jan 2027' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '$1,200.00' })).toBeInTheDocument();
  });
});
