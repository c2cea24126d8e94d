import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import type { Site } from '@/api/types';
import { siteQuery } from '@/lib/site';
import './Footer.css';

export const GROUP_QR_SIZE = 88;

function Copyright({ site }: { site: Site }) {
  return (
    <>
      <div>© {new Date().getFullYear()} {site.name} 版权所有</div>
      <div><a href={site.icp_url} target="_blank" rel="noopener noreferrer">{site.icp}</a></div>
    </>
  );
}

/**
 * The site footer on every page: the community-group invite (the assistant's QR code), the guidelines,
 * contact phone and e-mail, copyright and the ICP number, all from the server's configuration.
 * `compact` is the side navigation's copyright line (the full footer closes the page below).
 */
export function Footer({ compact = false }: { compact?: boolean }) {
  const { data: site } = useQuery(siteQuery());
  if (!site) return null;
  if (compact) {
    return <div className="site-footer site-footer--compact"><Copyright site={site} /></div>;
  }
  return (
    <footer className="site-footer" aria-label="页脚">
      <div className="site-footer__inner">
        <div className="site-footer__group">
          <QRCodeSVG value={site.group.qr_url} size={GROUP_QR_SIZE} level="M" title={`${site.group.name}二维码`} className="site-footer__qr" />
          <div>
            <div className="site-footer__group-title">加入社群</div>
            <div>微信扫码添加{site.group.name}，邀你进群交流</div>
          </div>
        </div>
        <div className="site-footer__info">
          <div className="site-footer__links">
            <a href={site.guidelines_url} target="_blank" rel="noopener noreferrer">社区规范</a>
          </div>
          <div>联系电话：<a href={`tel:${site.phone.replace(/[^0-9+]/g, '')}`}>{site.phone}</a></div>
          <div>邮箱：<a href={`mailto:${site.email}`}>{site.email}</a></div>
          <Copyright site={site} />
        </div>
      </div>
    </footer>
  );
}
