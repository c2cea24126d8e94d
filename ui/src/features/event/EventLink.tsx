import type { ComponentPropsWithoutRef } from 'react';
import { Link } from 'react-router-dom';
import { config } from '@/lib/config';
import { paths } from '@/lib/paths';

type Props = Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { eventId: number };

/**
 * A link to an event's page: this site's own /activities/{id} (in the app), or, when a deployment names a
 * separate events site (VITE_EVENT_HOST), that site's page in a new tab.
 */
export function EventLink({ eventId, ...rest }: Props) {
  if (!config.eventHost) return <Link to={paths.event(eventId)} {...rest} />;
  return <a href={paths.event(eventId)} target="_blank" rel="noopener noreferrer" {...rest} />;
}
