// How many cards fit across the library grid at the window's width (the breakpoints of library.css), following
// resizes: the virtual list lays out whole rows.
import { useEffect, useState } from 'react';

export function columnsFor(width: number): number {
  if (width >= 1200) return 4;
  if (width >= 900) return 3;
  if (width >= 600) return 2;
  return 1;
}

export function useColumns(): number {
  const [columns, setColumns] = useState(() => columnsFor(window.innerWidth));
  useEffect(() => {
    const onResize = () => setColumns(columnsFor(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return columns;
}
