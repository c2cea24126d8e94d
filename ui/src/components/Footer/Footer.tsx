import { config } from '@/lib/config';
import './Footer.css';

/** Copyright footer: community group, guidelines, contact, copyright and ICP filing number. */
export function Footer({ compact = false }: { compact?: boolean }) {
  const year = new Date().getFullYear();
  return (
    <footer className={`site-footer${compact ? ' site-footer--compact' : ''}`}>
      <div className="site-footer__links">
        <a href={`${config.linkHost}/guidelines`} target="_blank" rel="noopener noreferrer">社区规范</a>
        <span aria-hidden="true">·</span>
        <a href={`${config.linkHost}/group`} target="_blank" rel="noopener noreferrer">加入社群</a>
      </div>
      <div>联系电话：{config.phone}</div>
      <div>邮箱：<a href={`mailto:${config.email}`}>{config.email}</a></div>
      <div>© {year} {config.product} 版权所有</div>
      <div><a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">{config.icp}</a></div>
    </footer>
  );
}
