import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import ReactGridLayout, { horizontalCompactor, type Layout } from 'react-grid-layout';
import { COLUMNS_PER_ROW, ROWS } from './bench-document';
import { BOX_HANDLE } from './box-handle';
import 'react-grid-layout/css/styles.css';

/**
 * The reference of the drag case: react-grid-layout on its own, configured as
 * the editor's rows are (12 columns, a drag strip, east resize handles, the
 * horizontal compactor), with the bench page's 50 rows of 4 columns of span 3
 * as empty boxes. The driver passes the editor's grid width and row height in
 * the address (?width=&rowHeight=), so the boxes are the editor's columns'
 * size. The same drag here costs what the grid library costs; what the
 * editor's frames cost beyond it is the editor's.
 */
const address = new URLSearchParams(window.location.search);
// Opened by hand without them: the sizes the editor had at 1920 px when this was written.
const WIDTH = Number(address.get('width')) || 942;
const ROW_HEIGHT = Number(address.get('rowHeight')) || 290;
const GAP = 16;

function BoxRow({ row }: { row: number }) {
  const [layout, setLayout] = useState<Layout>(() =>
    Array.from({ length: COLUMNS_PER_ROW }, (_, column) => ({
      i: `k${row * COLUMNS_PER_ROW + column}`,
      x: column * 3,
      y: 0,
      w: 3,
      h: 1,
    })),
  );
  return (
    <div style={{ border: '1px solid #ddd', borderRadius: 8, padding: 8 }} data-box-row={`r${row}`}>
      <ReactGridLayout
        width={WIDTH}
        layout={layout}
        gridConfig={{ cols: 12, rowHeight: ROW_HEIGHT, margin: [GAP, GAP], containerPadding: [0, 0] }}
        dragConfig={{ enabled: true, handle: `.${BOX_HANDLE}`, cancel: 'button' }}
        resizeConfig={{ enabled: true, handles: ['e'] }}
        compactor={horizontalCompactor}
        // As the editor writes the row back when a drag ends, and draws it again.
        onDragStop={(placed) => setLayout([...placed])}
        onResizeStop={(placed) => setLayout([...placed])}
      >
        {layout.map(({ i: key }) => (
          <div key={key} data-box={key} style={{ background: '#f4f4f5', borderRadius: 6 }}>
            <div className={BOX_HANDLE} style={{ height: 40, background: '#e4e4e7', cursor: 'grab' }} />
          </div>
        ))}
      </ReactGridLayout>
    </div>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <div style={{ display: 'flex', flexDirection: 'column', gap: 12, padding: 16 }}>
    {Array.from({ length: ROWS }, (_, row) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed; their index is their identity
      <BoxRow key={row} row={row} />
    ))}
  </div>,
);
