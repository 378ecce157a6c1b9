import { AccountPage } from '~/components/admin/account/account-page';

import { useAccountView } from './super-secret-admin.account';

/** The Account page as it is opened: its forms post to the routes beside this one. */
export default function AccountIndexRoute() {
  return <AccountPage view={useAccountView()} />;
}
