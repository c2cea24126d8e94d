import type { ComponentPropsWithoutRef } from 'react';
import { Link } from 'react-router-dom';
import { config } from '@/lib/config';
import { paths } from '@/lib/paths';

type Props = Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { eventId: number; newTab?: boolean };

/**
 * A link to an event's page: this site's own /activities/{id} (in the app), or, when a deployment names a
 * separate events site (VITE_EVENT_HOST), that site's page in a new tab. `newTab`: a new tab either way
 * (the spec's search-result event cards).
 */
export function EventLink({ eventId, newTab = false, ...rest }: Props) {
  if (!config.eventHost && !newTab) return <Link to={paths.event(eventId)} {...rest} />;
  return <a href={paths.event(eventId)} target="_blank" rel="noopener noreferrer" {...rest} />;
}
