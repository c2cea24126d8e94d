import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import './AuthorLinks.css';

/** A paper's authors, each opening their author page (their papers here, and their member page if bound). */
export function AuthorLinks({ names }: { names: string[] }) {
  return (
    <>
      {names.map((name, i) => (
        <Fragment key={`${i}-${name}`}>
          {i > 0 && ', '}
          <Link className="author-link" to={paths.author(name)}>{name}</Link>
        </Fragment>
      ))}
    </>
  );
}
