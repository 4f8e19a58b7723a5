import { userList } from '../projections/users/userList.ts';
import { vendorList } from '../projections/vendors/vendorList.ts';
import type { Consumer } from './runtime/consumer.ts';

/** Every projection and process manager of the service; the runner starts them all. */
export const consumers: readonly Consumer[] = [
  userList,
  vendorList,
];
