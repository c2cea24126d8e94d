import type { EventInfo } from '@/api/types';
import { Icon } from '@/components/Icon/Icon';
import { Img } from '@/components/Img/Img';
import { COVER_WIDTH } from '@/lib/image';
import { serverHtml } from '@/lib/serverHtml';
import '@/components/Card/card.css';
import { CalendarLink } from './CalendarLink';
import { EventAction } from './EventAction';
import { EventLink } from './EventLink';
import { buttonText } from './eventRules';
import './EventCard.css';

/** '报名中' (registration open) or '直播' (live, with an animated icon). */
export function StatusBadge({ icon }: { icon?: string | null }) {
  if (icon !== '报名中' && icon !== '直播') return null;
  const live = icon === '直播';
  return (
    <span className={`status-badge status-badge--${live ? 'live' : 'open'}`}>
      <span className="status-badge__anim" aria-hidden="true">
        {live ? <><i /><i /><i /></> : <i />}
      </span>
      {icon}
    </span>
  );
}

/** Event card of the events page: cover, status badge, title, intro, action area. `name` is escaped HTML from the API. */
export function EventCard({ event }: { event: EventInfo }) {
  const ended = event.color_status === 'ended';
  return (
    <article className={`card event-card${ended ? ' event-card--ended' : ''}`} data-id={event.id}>
      <EventLink eventId={event.id} className="event-card__cover" tabIndex={-1} aria-hidden="true">
        <Img src={event.image_url || event.ac_img} resize={COVER_WIDTH} alt="" />
        <StatusBadge icon={event.icon_msg} />
      </EventLink>
      <div className="event-card__body">
        <h2 className="card-title card-title--sm">
          <EventLink eventId={event.id} dangerouslySetInnerHTML={serverHtml(event.name)} />
        </h2>
        {event.brief && <p className="card-summary card-summary--2">{event.brief}</p>}
        <div className="event-meta">
          {event.time_desc && <span><Icon name="calendar" size={13} />{event.time_desc}</span>}
          {event.address && <span><Icon name="pin" size={13} />{event.address}</span>}
        </div>
        <div className="event-card__actions">
          {event.company && <span className="event-card__company">{event.company}</span>}
          <span className="event-card__buttons">
            {!ended && (
              <CalendarLink event={event} className="event-card__calendar" />
            )}
            <EventAction event={event} />
          </span>
        </div>
      </div>
    </article>
  );
}

/** Read-only event card of the search results: thumbnail, highlighted name (HTML), intro, action bar; no
 * calendar. Its links open the event in a new tab (spec: search-result event cards). */
export function SearchEventCard({ event, summaryHtml }: { event: EventInfo; summaryHtml?: string }) {
  return (
    <article className="card search-event-card" data-id={event.id}>
      <EventLink newTab eventId={event.id} className="search-event-card__thumb" tabIndex={-1} aria-hidden="true">
        <Img src={event.ac_img || event.image_url} resize={COVER_WIDTH} alt="" />
      </EventLink>
      <div className="search-event-card__body">
        <div className="card-kind">活动 <StatusBadge icon={event.icon_msg} /></div>
        <h2 className="card-title card-title--sm">
          <EventLink newTab eventId={event.id} dangerouslySetInnerHTML={serverHtml(event.name)} />
        </h2>
        {summaryHtml ? <p className="card-summary card-summary--2" dangerouslySetInnerHTML={serverHtml(summaryHtml)} />
          : event.brief && <p className="card-summary card-summary--2">{event.brief}</p>}
        <div className="search-event-card__bar">
          <div className="event-meta">
            {event.time_desc && <span><Icon name="calendar" size={13} />{event.time_desc}</span>}
            {event.address && <span><Icon name="pin" size={13} />{event.address}</span>}
          </div>
          <EventLink newTab eventId={event.id} className="btn btn--ghost btn--sm">{buttonText(event)}</EventLink>
        </div>
      </div>
    </article>
  );
}
