import { Link } from 'react-router-dom';
import { ExpertTag } from '@/components/ExpertTag/ExpertTag';
import { Icon } from '@/components/Icon/Icon';
import { Avatar } from '@/components/Img/Img';
import { ListWrapper } from '@/components/ListWrapper/ListWrapper';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useInfiniteList } from '@/hooks/useInfiniteList';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { usersListQuery, type UserRow } from './personQueries';
import './UsersPage.css';

const rowKey = (u: UserRow) => String(u.id);

/** `/users`: the hub's users, readable signed out too (the list is public, as the API serves it). */
export default function UsersPage() {
  useDocumentTitle('用户列表');
  const list = useInfiniteList(usersListQuery(), rowKey);
  return (
    <div className="users-page">
      <h1 className="users-page__title">用户列表</h1>
      <ListWrapper label="用户列表" {...list.listProps}>
        <ul className="user-list">
          {list.items.map((u) => (
            <li key={u.id} className="user-row">
              <Avatar src={u.avatar_url} name={u.name} size={40} expert={u.is_expert} />
              <div className="user-row__who">
                <Link to={paths.user(u.id)} className="user-row__name">{u.name}</Link>
                {u.is_expert && <ExpertTag />}
              </div>
              <span className="user-row__score" title="积分"><Icon name="fire" size={14} />{formatNumber(u.score)}</span>
            </li>
          ))}
        </ul>
      </ListWrapper>
    </div>
  );
}
