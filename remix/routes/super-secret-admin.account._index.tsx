// The Account page as it is opened: its forms post to the routes beside this one.
export { AccountRoute as default } from './super-secret-admin.account';
