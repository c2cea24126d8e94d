/** Search: the header's search box and hot words (the results page is loaded lazily by app/App.tsx). */
export { searchDefaultSort, searchPageQueries } from './searchQueries';
export { SearchBox } from './SearchBox';
export { useHotwords } from './useHotwords';
