import { useSearchParams } from 'react-router-dom';
import { useDevice } from '@/hooks/useDevice';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { Icon } from '@/components/Icon/Icon';
import { paths } from '@/lib/paths';
import { sameSiteFile, UNSUPPORTED_BROWSER } from './calendar';
import './WxDownloadPage.css';

export { UNSUPPORTED_BROWSER };

/** `/wxDownload?name=&fileUrl=`: calendar file download inside the WeChat browser. */
export default function WxDownloadPage() {
  const [params] = useSearchParams();
  const device = useDevice();
  const name = params.get('name') || '日历文件';
  // Only a file of this site (the API's calendar file): never another host or a script URL.
  const fileUrl = sameSiteFile(params.get('fileUrl') || '');
  useDocumentTitle(name);
  const iphoneNonSafari = device.isiPhone && !device.isSafari;
  return (
    <div className="wx-download">
      <div className="wx-download__card">
        <div className="wx-download__icon" aria-hidden="true"><Icon name="calendar" size={36} /></div>
        <h1 className="wx-download__name">{name}</h1>
        {device.isWeChat && <p className="wx-download__tip">请点击右上角「…」，选择「在浏览器中打开」后下载</p>}
        {iphoneNonSafari && !device.isWeChat && <p className="wx-download__warn" role="alert">{UNSUPPORTED_BROWSER}</p>}
        {fileUrl ? (
          <a className="btn btn--primary" href={fileUrl} download={`${name}.ics`}>下载日历文件</a>
        ) : (
          <p className="wx-download__warn">暂无数据</p>
        )}
        <a className="wx-download__home" href={paths.home()}>返回首页</a>
      </div>
    </div>
  );
}
