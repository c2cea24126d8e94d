import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { NotFound, QueryError } from '@/components/ErrorView/ErrorView';
import { Icon } from '@/components/Icon/Icon';
import { Img } from '@/components/Img/Img';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { SharePopover } from '@/components/SharePopover/SharePopover';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { paths } from '@/lib/paths';
import { CalendarLink } from './CalendarLink';
import { EventAction } from './EventAction';
import { StatusBadge } from './EventCard';
import { eventQuery } from './eventQueries';
import '@/components/Card/card.css';
import './EventCard.css';
import './EventPage.css';

/** The cover spans the page (up to 880 px, twice that on a dense screen): the resizer's 1200 size. */
const PAGE_COVER_WIDTH = 1200;

/** `/activities/{id}`: an event's own page (cover, status, Beijing time, place, organiser, intro, sign-up or
 * ticket, calendar file, share), served by this site unless a deployment names a separate events site. */
export default function EventPage() {
  const { id = '' } = useParams();
  const event = useQuery(eventQuery(id));
  const e = event.data;
  useDocumentTitle(e?.oldName, { description: e?.brief, image: e?.image_url });
  if (!/^\d{1,18}$/.test(id)) return <NotFound />;
  if (event.isLoading) return <PageLoading />;
  if (event.isError) return <QueryError error={event.error} />;
  if (!e) return <NotFound />;
  const ended = e.color_status === 'ended';
  return (
    <article className={`event-page${ended ? ' event-page--ended' : ''}`} data-id={e.id}>
      <div className="event-page__cover">
        <Img src={e.image_url || e.ac_img} resize={PAGE_COVER_WIDTH} alt="" fallback="" />
        <StatusBadge icon={e.icon_msg} />
      </div>
      <div className="event-page__body">
        <h1 className="event-page__title">{e.oldName}</h1>
        {e.title && e.title !== e.oldName && <p className="event-page__subtitle">{e.title}</p>}
        <dl className="event-page__facts">
          {e.time_desc && <div><dt><Icon name="calendar" size={14} />时间</dt><dd>{e.time_desc}（北京时间）</dd></div>}
          {e.address && <div><dt><Icon name="pin" size={14} />地点</dt><dd>{e.address}</dd></div>}
          {e.company && <div><dt><Icon name="user" size={14} />主办</dt><dd>{e.company}</dd></div>}
          {ended && <div><dt>状态</dt><dd>活动已结束</dd></div>}
        </dl>
        <div className="event-page__actions">
          <EventAction event={e} onPage />
          {!ended && (
            <CalendarLink event={e} className="btn btn--ghost btn--sm" />
          )}
          <SharePopover url={paths.event(e.id)} title={e.oldName} />
        </div>
        {e.brief && (
          <section className="event-page__intro" aria-label="活动介绍">
            <h2>活动介绍</h2>
            {e.brief.split('\n').map((line, i) => <p key={i}>{line}</p>)}
          </section>
        )}
      </div>
    </article>
  );
}
