import { Dialog } from '@/components/Dialog/Dialog';
import './UpgradeGuide.css';

const NEWS = [
  '搜索更懂中文：拼音、繁体、中英混合和 arXiv 编号都能搜到',
  '活动在线报名，报名后可查看电子票、加入日历',
  '论文热度趋势与社区人物榜单每日更新',
];

/** The upgrade guide: what is new; closing it in any way keeps it away for 20160 minutes (14 days). */
export function UpgradeGuide({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      title="社区全新升级"
      onClose={onClose}
      width={420}
      className="upgrade-guide"
      footer={<button type="button" className="upgrade-guide__ok" data-autofocus onClick={onClose}>我知道了</button>}
    >
      <ul className="upgrade-guide__list">
        {NEWS.map((line) => <li key={line}>{line}</li>)}
      </ul>
    </Dialog>
  );
}
