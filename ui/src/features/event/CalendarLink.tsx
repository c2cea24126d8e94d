import type { EventInfo } from '@/api/types';
import { Icon } from '@/components/Icon/Icon';
import { useDevice } from '@/hooks/useDevice';
import { toast } from '@/lib/toast';
import { calendarLink, UNSUPPORTED_BROWSER } from './calendar';

/**
 * 添加到日历 for an event: the .ics file, through /wxDownload inside WeChat; on an iPhone outside Safari
 * (Chrome, Firefox… cannot open the file) the spec's message instead of a download that goes nowhere.
 */
export function CalendarLink({ event, className, icon = true }: {
  event: Pick<EventInfo, 'id' | 'oldName' | 'start_time' | 'end_time'>; className?: string; icon?: boolean;
}) {
  const { isWeChat, isiPhone, isSafari } = useDevice();
  const unsupported = isiPhone && !isSafari && !isWeChat;
  return (
    <a
      className={className}
      href={calendarLink(event, isWeChat)}
      download={isWeChat ? undefined : `${event.oldName}.ics`}
      onClick={(e) => {
        if (!unsupported) return;
        e.preventDefault();
        toast(UNSUPPORTED_BROWSER);
      }}
    >
      {icon && <Icon name="calendar" size={13} />}添加到日历
    </a>
  );
}
