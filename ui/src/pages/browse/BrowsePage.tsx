import SearchPage from '../search/SearchPage';

/** `/browse`: every content type in one feed, with the type tabs and the same filters. */
export default function BrowsePage() {
  return <SearchPage browse />;
}
