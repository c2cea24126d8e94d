import { QRCodeSVG } from 'qrcode.react';
import { Popover } from '../Popover/Popover';
import { Icon } from '../Icon/Icon';
import { toast } from '@/lib/toast';
import './SharePopover.css';

export const SHARE_QR_SIZE = 65;

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall through to the textarea way */
  }
  try {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    document.body.removeChild(ta);
    return ok;
  } catch {
    return false;
  }
}

/** Share / copy-link popover with a QR code (size 65): '已复制' or '复制失败'. */
export function SharePopover({ url, title, label = '分享', shareToLink }: { url: string; title?: string; label?: string; shareToLink?: string }) {
  const absolute = new URL(url, window.location.origin).toString();
  return (
    <Popover
      trigger="click"
      placement="bottom-end"
      renderTrigger={(p) => (
        <button type="button" className="share-btn" {...p} aria-haspopup="dialog">
          <Icon name="share" /> {label}
        </button>
      )}
    >
      <div className="share" role="dialog" aria-label="分享">
        <div className="share__qr">
          <QRCodeSVG value={absolute} size={SHARE_QR_SIZE} level="M" title={title ? `${title} 二维码` : '二维码'} />
          <span>微信扫码分享</span>
        </div>
        <div className="share__side">
          <div className="share__url" title={absolute}>{absolute}</div>
          <button
            type="button"
            className="share__copy"
            onClick={async () => {
              const ok = await copyText(absolute);
              toast(ok ? '已复制' : '复制失败', ok ? 'success' : 'error');
            }}
          >
            <Icon name="link" /> 复制链接
          </button>
          {shareToLink && (
            <a className="share__copy" href={shareToLink}>
              <Icon name="share" /> 分享到社区动态
            </a>
          )}
        </div>
      </div>
    </Popover>
  );
}
