import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../ui/icons.tsx';
import { useMember } from '../../session.tsx';

/** Header shortcut to the message box with the unread count (context.unread_message_total). */
export function MessageLink() {
  const { t } = useTranslation();
  const { context } = useMember();
  const unread = context?.unread_message_total ?? 0;
  return (
    <Link
      to="/board/message"
      className={unread > 0 ? 'c-mail has-unread' : 'c-mail'}
      aria-label={t('community.message.headerLink', { count: unread })}
      title={t('community.message.headerLink', { count: unread })}
      data-testid="header-messages"
    >
      <Icon name="mail" size={17} />
      {unread > 0 && (
        <span className="c-mail-count" data-testid="header-unread">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
